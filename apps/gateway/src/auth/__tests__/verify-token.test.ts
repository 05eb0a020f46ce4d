import { createHmac } from 'node:crypto';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier, InvalidTokenError, type TokenVerifier } from '../verify-token.js';
import { AUDIENCE, ISSUER, startJwksFixture, type JwksFixture } from './jwks-fixture.js';

let fixture: JwksFixture;
let verifier: TokenVerifier;

beforeAll(async () => {
  fixture = await startJwksFixture();
  verifier = createTokenVerifier({
    issuer: ISSUER,
    jwksUrl: fixture.jwksUrl,
    audience: AUDIENCE,
    allowedAzp: ['back-office-web'],
    clockToleranceSeconds: 5,
  });
});
afterAll(() => fixture.close());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

async function rejected(authorization: string | undefined): Promise<InvalidTokenError> {
  const error = await verifier.verify(authorization).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  return error as InvalidTokenError;
}

describe('verify-token', () => {
  it('accepts a Keycloak access token and maps the gateway client roles to permissions', async () => {
    const token = await fixture.sign();
    const user = await verifier.verify(`Bearer ${token}`);
    expect(user).toEqual({
      subject: 'b7c1e0f2-0000-4000-8000-000000000001',
      username: 'operador',
      name: 'Olga Operadora',
      email: 'operador@example.com',
      // enum order; "operador" (a job role) and the account client's roles are ignored
      permissions: ['PAYMENT_CANCEL', 'PAYMENT_REFUND', 'SHOW_BATCH_DATA'],
      token,
    });
  });

  it('reads the scheme case-insensitively (RFC 7235)', async () => {
    const token = await fixture.sign();
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      expect((await verifier.verify(`${scheme} ${token}`)).username).toBe('operador');
    }
  });

  it('accepts a token without any gateway role (no permission)', async () => {
    const user = await verifier.verify(
      `Bearer ${await fixture.sign(fixture.claims({ resource_access: {} }))}`,
    );
    expect(user.permissions).toEqual([]);
  });

  it('tolerates a few seconds of clock skew, not more', async () => {
    await expect(
      verifier.verify(`Bearer ${await fixture.sign(fixture.claims({ exp: now() - 2 }))}`),
    ).resolves.toBeTruthy();
    await rejected(`Bearer ${await fixture.sign(fixture.claims({ exp: now() - 60 }))}`);
    await rejected(`Bearer ${await fixture.sign(fixture.claims({ nbf: now() + 60 }))}`);
  });

  it.each([
    ['wrong audience', { aud: 'account' }],
    ['wrong issuer', { iss: 'http://evil.example.com/realms/back-office' }],
    ['typ ID', { typ: 'ID' }],
    ['typ Refresh', { typ: 'Refresh' }],
    ['azp of another client', { azp: 'otro-cliente' }],
    ['no azp', { azp: undefined }],
    ['no exp', { exp: undefined }],
  ])('refuses a token with %s', async (_name, overrides) => {
    await rejected(`Bearer ${await fixture.sign(fixture.claims(overrides))}`);
  });

  it('refuses alg none, HS256 (with the public key as secret), tampered and foreign-key tokens', async () => {
    const claims = fixture.claims();
    await rejected(`Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`);

    const header = b64({ alg: 'HS256', typ: 'JWT', kid: 'test-key' });
    const payload = b64(claims);
    const secret = JSON.stringify(fixture.publicJwk);
    const mac = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
    await rejected(`Bearer ${header}.${payload}.${mac}`);

    const [h, , s] = (await fixture.sign()).split('.');
    const elevated = b64(
      fixture.claims({ resource_access: { [AUDIENCE]: { roles: ['payment-refund', 'bin-delete'] } } }),
    );
    await rejected(`Bearer ${h}.${elevated}.${s}`);

    const other = await generateKeyPair('RS256');
    await rejected(`Bearer ${await fixture.sign(claims, {}, other.privateKey)}`);
  });

  it('refuses a token issued in the future, without sub, re-spelled or with key-location headers', async () => {
    await rejected(`Bearer ${await fixture.sign(fixture.claims({ iat: now() + 3600 }))}`);
    await rejected(`Bearer ${await fixture.sign(fixture.claims({ sub: undefined }))}`);
    await rejected(`Bearer ${await fixture.sign(fixture.claims({ sub: 42 }))}`);
    const token = await fixture.sign();
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const respelled = token.slice(0, -1) + alphabet[alphabet.indexOf(token.at(-1)!) ^ 1];
    expect(Buffer.from(respelled.split('.')[2]!, 'base64url')).toEqual(
      Buffer.from(token.split('.')[2]!, 'base64url'),
    );
    await rejected(`Bearer ${respelled}`);
    for (const header of [
      { jku: 'http://evil.example.com/jwks' },
      { x5c: ['MII'] },
      { zip: 'DEF' },
      { typ: 'JWE' },
    ]) {
      await rejected(`Bearer ${await fixture.sign(fixture.claims(), header)}`);
    }
    expect(await verifier.verify(`Bearer ${token}`)).toMatchObject({ username: 'operador' });
  });

  it('refuses a token of an unknown key as a bad token, not as keys unavailable', async () => {
    const error = await rejected(`Bearer ${await fixture.sign(fixture.claims(), { kid: 'rotated-away' })}`);
    expect(error.unavailable).toBe(false);
  });

  it('refuses missing or malformed headers', async () => {
    await rejected(undefined);
    await rejected('');
    await rejected(`Basic ${Buffer.from('admin:admin').toString('base64')}`);
    await rejected('Bearer not-a-jwt');
    await rejected(`Bearer ${'a'.repeat(20_000)}.b.c`);
  });

  it('tells "keys unavailable" apart from "bad token"', async () => {
    const offline = createTokenVerifier({
      issuer: ISSUER,
      jwksUrl: 'http://127.0.0.1:1/certs',
      audience: AUDIENCE,
      allowedAzp: ['back-office-web'],
    });
    const error = await offline.verify(`Bearer ${await fixture.sign()}`).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InvalidTokenError', unavailable: true });
    expect((await rejected(`Bearer ${await fixture.sign(fixture.claims({ aud: 'x' }))}`)).unavailable).toBe(
      false,
    );
    expect(await offline.jwksReachable()).toBe(false);
    expect(await verifier.jwksReachable()).toBe(true);
  });
});
