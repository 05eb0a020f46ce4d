import { readFileSync } from 'node:fs';
import { PERMISSIONS, permissionToRole } from '@backoffice/schema';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { DEFAULT_REALM_FILE } from '../index.js';
import { loadRealm, type PartialImportRepresentation, type RealmRepresentation } from '../realm.js';

const rep = JSON.parse(readFileSync(DEFAULT_REALM_FILE, 'utf8')) as RealmRepresentation;
const realm = loadRealm(rep);
const GATEWAY = 'back-office-gateway';
const allRoles = PERMISSIONS.map(permissionToRole);

const byPrefix = (prefixes: string[], exact: string[] = []): string[] =>
  PERMISSIONS.filter((p) => prefixes.some((prefix) => p.startsWith(prefix)) || exact.includes(p))
    .map(permissionToRole)
    .sort();

const expected: Record<string, string[]> = {
  admin: [...allRoles].sort(),
  consulta: [],
  operador: byPrefix([
    'PAYMENT_',
    'SUBSCRIPTION_',
    'PAYER_',
    'PAYER_REFERENCE_',
    'COLLECTOR_',
    'EXPORT_',
    'NOTIFICATION_',
    'PREFERENCE_',
  ]),
  tesoreria: byPrefix(
    ['WITHDRAW_', 'WITHDRAWAL_', 'BATCH_WITHDRAW_', 'DISTRIBUTION_', 'TRANSFER_', 'PREFERENCE_'],
    ['SERVICE_PAYMENT_SHOW_BATCH', 'SHOW_BATCH_DATA', 'CONCILIATE_BATCH', 'IMPORT_REQUEST'],
  ),
  impuestos: byPrefix(['AFIP_', 'SOFT_PROVIDER_', 'BIN_', 'PREFERENCE_']),
};

/** Effective gateway roles read straight from the file (realm role composites), independent of the emulator. */
const fileRolesOf = (username: string): string[] => {
  const user = rep.users?.find((u) => u.username === username);
  const roles = new Set<string>();
  for (const realmRole of user?.realmRoles ?? []) {
    const role = rep.roles?.realm?.find((r) => r.name === realmRole);
    for (const r of role?.composites?.client?.[GATEWAY] ?? []) roles.add(r);
  }
  for (const r of user?.clientRoles?.[GATEWAY] ?? []) roles.add(r);
  return [...roles].sort();
};

describe('infra/keycloak/realm-back-office.json', () => {
  it('describes the back-office realm for a dev Keycloak', () => {
    expect(rep.realm).toBe('back-office');
    expect(rep.enabled).toBe(true);
    expect((rep as unknown as { sslRequired: string }).sslRequired).toBe('none');
    expect(rep.roles?.realm?.map((r) => r.name)).not.toContain('default-roles-back-office');
  });

  it("shows Keycloak's own pages in Spanish: internationalization on, Spanish the one supported and default locale", () => {
    // A real Keycloak (docker-compose.yml) otherwise shows its sign-in page in English whatever `ui_locales` says.
    const i18n = rep as unknown as {
      internationalizationEnabled?: boolean;
      supportedLocales?: string[];
      defaultLocale?: string;
    };
    expect(i18n.internationalizationEnabled).toBe(true);
    expect(i18n.supportedLocales).toEqual(['es']);
    expect(i18n.defaultLocale).toBe('es');
  });

  it('has one gateway client role per Permission, kebab-case, each described in Spanish', () => {
    expect(PERMISSIONS.length).toBeGreaterThan(60);
    const declared = rep.roles?.client?.[GATEWAY] ?? [];
    expect(declared.map((r) => r.name).sort()).toEqual([...allRoles].sort());
    for (const role of declared) expect(role.description, role.name).toMatch(/\S{3,}/);
    expect(permissionToRole('PAYMENT_REFUND')).toBe('payment-refund');
  });

  it('only references roles that exist', () => {
    const known = new Set(allRoles);
    for (const role of rep.roles?.realm ?? []) {
      for (const r of role.composites?.client?.[GATEWAY] ?? [])
        expect(known.has(r), `${role.name}: ${r}`).toBe(true);
    }
    const realmRoles = new Set([...(rep.roles?.realm ?? []).map((r) => r.name), 'default-roles-back-office']);
    for (const user of rep.users ?? []) {
      for (const r of user.realmRoles ?? []) expect(realmRoles.has(r), `${user.username}: ${r}`).toBe(true);
    }
  });

  it('configures the public web client with PKCE, exact redirects and the gateway audience', () => {
    const web = rep.clients?.find((c) => c.clientId === 'back-office-web');
    expect(web).toMatchObject({
      publicClient: true,
      standardFlowEnabled: true,
      directAccessGrantsEnabled: false,
      fullScopeAllowed: true,
      redirectUris: ['http://localhost:5173/*', 'http://localhost:4000/*'],
      webOrigins: ['http://localhost:5173', 'http://localhost:4000'],
      attributes: {
        'pkce.code.challenge.method': 'S256',
        'post.logout.redirect.uris': 'http://localhost:5173/*##http://localhost:4000/*',
      },
    });
    const mapper = web?.protocolMappers?.find((m) => m.protocolMapper === 'oidc-audience-mapper');
    expect(mapper?.config).toMatchObject({
      'included.client.audience': GATEWAY,
      'access.token.claim': 'true',
    });
    const gateway = rep.clients?.find((c) => c.clientId === GATEWAY);
    expect(gateway).toMatchObject({
      bearerOnly: true,
      standardFlowEnabled: false,
      directAccessGrantsEnabled: false,
    });
  });

  it('gives each demo user a password equal to the username, a profile and default-roles-back-office', () => {
    for (const username of ['admin', 'consulta', 'operador', 'tesoreria', 'impuestos']) {
      const user = rep.users?.find((u) => u.username === username);
      expect(user, username).toBeDefined();
      expect(user?.credentials).toEqual([{ type: 'password', value: username, temporary: false }]);
      expect(user?.email).toBe(`${username}@cobranzas.example.com.ar`);
      expect(user?.emailVerified).toBe(true);
      expect(user?.firstName).toBeTruthy();
      expect(user?.lastName).toBeTruthy();
      expect(user?.realmRoles).toContain('default-roles-back-office');
    }
    expect(rep.users?.find((u) => u.username === 'consulta')?.realmRoles).toEqual([
      'default-roles-back-office',
    ]);
  });

  it.each(Object.entries(expected))('%s has exactly the permissions of the job', (username, roles) => {
    expect(fileRolesOf(username)).toEqual(roles);
    expect(realm.findUser(username)?.clientRoles[GATEWAY] ?? []).toEqual(roles);
  });

  it('supervisor covers operador and tesoreria plus read-only access to the rest, without changing configuration', () => {
    const supervisor = fileRolesOf('supervisor');
    for (const r of [...expected.operador!, ...expected.tesoreria!]) expect(supervisor).toContain(r);
    for (const r of ['afip-show', 'promotion-show', 'gateway-show', 'tariff-show'])
      expect(supervisor).toContain(r);
    for (const r of ['afip-deliver', 'bin-create', 'promotion-create', 'gateway-create']) {
      expect(supervisor).not.toContain(r);
    }
  });

  it('expands default-roles-back-office like Keycloak', () => {
    const consulta = realm.findUser('consulta');
    expect(consulta?.realmRoles).toEqual([
      'default-roles-back-office',
      'offline_access',
      'uma_authorization',
    ]);
    expect(consulta?.clientRoles).toEqual({
      account: ['manage-account', 'manage-account-links', 'view-profile'],
    });
    expect(realm.findUser('admin')?.realmRoles).toContain('admin');
  });
});

describe('infra/keycloak/dev/back-office-tests.partial-import.json (development only)', () => {
  const file = fileURLToPath(
    new URL('../../../../infra/keycloak/dev/back-office-tests.partial-import.json', import.meta.url),
  );
  const partial = JSON.parse(readFileSync(file, 'utf8')) as PartialImportRepresentation;
  const web = rep.clients?.find((c) => c.clientId === 'back-office-web');

  it('adds only the test client, skipped when the realm already has it (a Keycloak restart)', () => {
    expect(Object.keys(partial).sort()).toEqual(['clients', 'ifResourceExists']);
    expect(partial.ifResourceExists).toBe('SKIP');
    expect(partial.clients?.map((c) => c.clientId)).toEqual(['back-office-tests']);
  });

  it("is a public client with the password grant only, whose tokens reach the gateway like the web client's", () => {
    const client = partial.clients?.[0];
    expect(client).toMatchObject({
      enabled: true,
      protocol: 'openid-connect',
      publicClient: true,
      bearerOnly: false,
      standardFlowEnabled: false,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: true,
      serviceAccountsEnabled: false,
      fullScopeAllowed: web?.fullScopeAllowed,
      redirectUris: [],
      webOrigins: [],
    });
    expect(client?.protocolMappers).toEqual(web?.protocolMappers);
  });

  it('is not in the realm file the images carry, where no client has the password grant', () => {
    expect(readFileSync(DEFAULT_REALM_FILE, 'utf8')).not.toContain('back-office-tests');
    for (const c of rep.clients ?? []) expect(c.directAccessGrantsEnabled, c.clientId).toBe(false);
  });
});
