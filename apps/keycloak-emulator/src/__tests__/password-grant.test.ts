// The password grant (Keycloak's direct access grants) of the development-only test client, added to the realm
// as a partial import (infra/keycloak/dev/): what other teams' integration tests sign in with.
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../index.js';
import { applyPartialImport, type RealmRepresentation } from '../realm.js';
import { oauthError, tokenRequest, WEB_CLIENT } from './helpers.js';

const TESTS_CLIENT = 'back-office-tests';
const ADDITIONS = fileURLToPath(
  new URL('../../../../infra/keycloak/dev/back-office-tests.partial-import.json', import.meta.url),
);

const passwordGrant = (em: RunningEmulator, username: string, password: string, extra = {}) =>
  tokenRequest(em, { grant_type: 'password', client_id: TESTS_CLIENT, username, password, ...extra });

describe('password grant of the test client', () => {
  let em: RunningEmulator;
  beforeAll(async () => {
    em = await startEmulator({ keyFile: null, realmAdditions: [ADDITIONS] });
  });
  afterAll(() => em.close());

  it('names the clients the additions brought', () => {
    expect(em.addedClientIds).toEqual([TESTS_CLIENT]);
  });

  it("gives a demo user the same gateway roles and audience the web client's login gives", async () => {
    const res = await passwordGrant(em, 'operador', 'operador');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 300, scope: 'profile email' });
    expect(body.id_token).toBeUndefined();
    const claims = decodeJwt(body.access_token as string);
    const web = decodeJwt(await em.accessTokenFor('operador'));
    expect(claims.azp).toBe(TESTS_CLIENT);
    expect(claims.iss).toBe(em.issuer);
    expect(claims.aud).toEqual(web.aud);
    expect(claims.resource_access).toEqual(web.resource_access);
    expect(claims.preferred_username).toBe('operador');

    // Its refresh token refreshes for the same client; scope=openid adds an ID token.
    const refreshed = await tokenRequest(em, {
      grant_type: 'refresh_token',
      client_id: TESTS_CLIENT,
      refresh_token: body.refresh_token as string,
    });
    expect(refreshed.status).toBe(200);
    const withId = (await (await passwordGrant(em, 'admin', 'admin', { scope: 'openid' })).json()) as {
      id_token?: string;
    };
    expect(decodeJwt(withId.id_token!).aud).toBe(TESTS_CLIENT);
  });

  it("answers bad credentials as Keycloak does, and the web client still can't use the grant", async () => {
    const invalid = { status: 401, error: 'invalid_grant', error_description: 'Invalid user credentials' };
    expect(await oauthError(await passwordGrant(em, 'tesoreria', 'otra'))).toEqual(invalid);
    expect(await oauthError(await passwordGrant(em, 'nadie', 'nadie'))).toEqual(invalid);
    expect(
      await oauthError(await tokenRequest(em, { grant_type: 'password', client_id: TESTS_CLIENT })),
    ).toEqual({
      status: 401,
      error: 'invalid_request',
      error_description: 'Missing parameter: username',
    });
    const web = { grant_type: 'password', client_id: WEB_CLIENT, username: 'operador', password: 'operador' };
    expect(await oauthError(await tokenRequest(em, web))).toEqual({
      status: 400,
      error: 'unauthorized_client',
      error_description: 'Client not allowed for direct access grants',
    });
  });

  it('counts wrong passwords for the brute-force lockout, like the login form', async () => {
    for (let i = 0; i < 5; i++) expect((await passwordGrant(em, 'impuestos', 'mal')).status).toBe(401);
    expect((await passwordGrant(em, 'impuestos', 'impuestos')).status).toBe(401);
  });
});

describe('the test stack’s options: no lockout, or a lockout a test clears', () => {
  const lockOut = async (em: RunningEmulator, username: string) => {
    for (let i = 0; i < 5; i++) expect((await passwordGrant(em, username, 'mal')).status).toBe(401);
  };
  /** Runs `test` against an emulator with the test client and `options`, then closes it. */
  const withEmulator = async (
    options: Pick<EmulatorOptions, 'bruteForceProtected' | 'attackDetectionAdmin'>,
    test: (em: RunningEmulator) => Promise<void>,
  ) => {
    const em = await startEmulator({ keyFile: null, realmAdditions: [ADDITIONS], ...options });
    try {
      await test(em);
    } finally {
      await em.close();
    }
  };

  it('bruteForceProtected: false never locks a user out, however many wrong passwords', () =>
    withEmulator({ bruteForceProtected: false }, async (em) => {
      await lockOut(em, 'operador');
      await lockOut(em, 'operador');
      expect((await passwordGrant(em, 'operador', 'operador')).status).toBe(200);
    }));

  it('attackDetectionAdmin shows and clears a lockout through Keycloak’s admin paths', () =>
    withEmulator({ attackDetectionAdmin: true }, async (em) => {
      expect(em.lockoutsUrl).toBe(`${em.url}/admin/realms/back-office/attack-detection/brute-force/users`);
      await lockOut(em, 'operador');
      await lockOut(em, 'tesoreria');
      expect((await passwordGrant(em, 'operador', 'operador')).status).toBe(401);
      const status = await fetch(`${em.lockoutsUrl}/operador`);
      expect(await status.json()).toMatchObject({ numFailures: 5, disabled: true });

      expect((await fetch(`${em.lockoutsUrl}/operador`, { method: 'DELETE' })).status).toBe(204);
      expect((await passwordGrant(em, 'operador', 'operador')).status).toBe(200);
      expect((await passwordGrant(em, 'tesoreria', 'tesoreria')).status).toBe(401);
      expect((await fetch(em.lockoutsUrl!, { method: 'DELETE' })).status).toBe(204);
      expect((await passwordGrant(em, 'tesoreria', 'tesoreria')).status).toBe(200);
      expect((await fetch(`${em.lockoutsUrl}/nadie`, { method: 'DELETE' })).status).toBe(404);
    }));

  it('serves no admin path by default (the images): a lockout stays', () =>
    withEmulator({}, async (em) => {
      expect(em.lockoutsUrl).toBeNull();
      await lockOut(em, 'operador');
      const admin = `${em.url}/admin/realms/back-office/attack-detection/brute-force/users`;
      expect((await fetch(admin, { method: 'DELETE' })).status).toBe(404);
      expect((await passwordGrant(em, 'operador', 'operador')).status).toBe(401);
    }));
});

describe('the realm without the additions (the images, production)', () => {
  it('does not know the test client', async () => {
    const em = await startEmulator({ keyFile: null });
    try {
      expect(em.addedClientIds).toEqual([]);
      const res = await passwordGrant(em, 'operador', 'operador');
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_client');
    } finally {
      await em.close();
    }
  });
});

describe('applyPartialImport', () => {
  const realm: RealmRepresentation = {
    realm: 'r',
    clients: [{ clientId: 'a', name: 'original' }],
    users: [{ username: 'Ana' }],
    roles: { realm: [{ name: 'x' }], client: { a: [{ name: 'leer' }] } },
  };

  it('adds what is new and keeps, replaces or refuses what exists, by ifResourceExists', () => {
    const added = {
      clients: [{ clientId: 'a', name: 'nuevo' }, { clientId: 'b' }],
      users: [{ username: 'ana', email: 'ana@example.com' }],
      roles: { client: { a: [{ name: 'escribir' }] } },
    };
    const skipped = applyPartialImport(realm, { ...added, ifResourceExists: 'SKIP' });
    expect(skipped.clients).toEqual([{ clientId: 'a', name: 'original' }, { clientId: 'b' }]);
    expect(skipped.users).toEqual([{ username: 'Ana' }]);
    expect(skipped.roles).toEqual({
      realm: [{ name: 'x' }],
      client: { a: [{ name: 'leer' }, { name: 'escribir' }] },
    });
    const overwritten = applyPartialImport(realm, { ...added, ifResourceExists: 'OVERWRITE' });
    expect(overwritten.clients?.[0]).toEqual({ clientId: 'a', name: 'nuevo' });
    expect(overwritten.users).toEqual([{ username: 'ana', email: 'ana@example.com' }]);
    expect(() => applyPartialImport(realm, added)).toThrow(
      'El realm ya tiene el cliente a (ifResourceExists: FAIL)',
    );
    expect(realm.clients).toEqual([{ clientId: 'a', name: 'original' }]);
  });
});
