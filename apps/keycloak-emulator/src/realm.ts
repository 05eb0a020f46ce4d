import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The parts of a Keycloak realm export (RealmRepresentation) the emulator reads. */
export interface RoleRepresentation {
  name: string;
  description?: string;
  composite?: boolean;
  composites?: { realm?: string[]; client?: Record<string, string[]> };
}

export interface ClientRepresentation {
  clientId: string;
  name?: string;
  enabled?: boolean;
  publicClient?: boolean;
  bearerOnly?: boolean;
  secret?: string;
  standardFlowEnabled?: boolean;
  directAccessGrantsEnabled?: boolean;
  fullScopeAllowed?: boolean;
  rootUrl?: string;
  redirectUris?: string[];
  webOrigins?: string[];
  attributes?: Record<string, string>;
  protocolMappers?: { name?: string; protocolMapper: string; config?: Record<string, string> }[];
}

export interface UserRepresentation {
  id?: string;
  username: string;
  enabled?: boolean;
  email?: string;
  emailVerified?: boolean;
  firstName?: string;
  lastName?: string;
  credentials?: { type?: string; value?: string; temporary?: boolean }[];
  realmRoles?: string[];
  clientRoles?: Record<string, string[]>;
}

export interface RealmRepresentation {
  realm: string;
  displayName?: string;
  enabled?: boolean;
  loginWithEmailAllowed?: boolean;
  accessTokenLifespan?: number;
  ssoSessionIdleTimeout?: number;
  ssoSessionMaxLifespan?: number;
  bruteForceProtected?: boolean;
  failureFactor?: number;
  waitIncrementSeconds?: number;
  maxFailureWaitSeconds?: number;
  maxDeltaTimeSeconds?: number;
  roles?: { realm?: RoleRepresentation[]; client?: Record<string, RoleRepresentation[]> };
  clients?: ClientRepresentation[];
  users?: UserRepresentation[];
}

/** A client as the emulator uses it, with the extra test URIs already merged in. */
export interface Client {
  clientId: string;
  enabled: boolean;
  publicClient: boolean;
  bearerOnly: boolean;
  secret: string | undefined;
  standardFlowEnabled: boolean;
  /** The password grant (Keycloak's "Direct access grants"), off unless the client enables it. */
  directAccessGrantsEnabled: boolean;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  webOrigins: string[];
  pkceMethod: string | undefined;
  /** Client ids added to `aud` by oidc-audience-mapper protocol mappers. */
  audiences: string[];
}

export interface User {
  id: string;
  username: string;
  enabled: boolean;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
  password: string | undefined;
  /** Effective realm roles (composites expanded), sorted. */
  realmRoles: string[];
  /** Effective client roles per client id (composites expanded), sorted. */
  clientRoles: Record<string, string[]>;
}

/** Keycloak's brute-force detection settings of the realm (temporary lockout), with Keycloak's defaults. */
export interface BruteForceSettings {
  failureFactor: number;
  waitIncrementSeconds: number;
  maxFailureWaitSeconds: number;
  maxDeltaTimeSeconds: number;
}

export interface Realm {
  name: string;
  /** null when the realm's bruteForceProtected is off. */
  bruteForce: BruteForceSettings | null;
  displayName: string;
  loginWithEmailAllowed: boolean;
  accessTokenLifespan: number;
  ssoSessionIdleTimeout: number;
  ssoSessionMaxLifespan: number;
  clients: Map<string, Client>;
  users: User[];
  findUser(usernameOrEmail: string): User | undefined;
  findUserById(id: string): User | undefined;
}

export interface RealmOptions {
  extraRedirectUris?: string[];
  extraWebOrigins?: string[];
}

export const readRealmFile = (file: string): RealmRepresentation =>
  JSON.parse(readFileSync(file, 'utf8')) as RealmRepresentation;

/**
 * Keycloak's partial import (PartialImportRepresentation, `POST /admin/realms/{realm}/partialImport`): resources
 * added to a realm that already exists. The parts the emulator reads: clients, users and roles.
 */
export interface PartialImportRepresentation {
  /** What to do with a resource the realm already has (Keycloak's default: FAIL). */
  ifResourceExists?: 'FAIL' | 'SKIP' | 'OVERWRITE';
  clients?: ClientRepresentation[];
  users?: UserRepresentation[];
  roles?: RealmRepresentation['roles'];
}

/** Adds `added` to `current` by `key`, with Keycloak's partial-import policy for a key already there. */
const mergeByKey = <T>(
  current: readonly T[] | undefined,
  added: readonly T[] | undefined,
  key: (item: T) => string,
  policy: NonNullable<PartialImportRepresentation['ifResourceExists']>,
  what: string,
): T[] => {
  const merged = [...(current ?? [])];
  for (const item of added ?? []) {
    const at = merged.findIndex((existing) => key(existing) === key(item));
    if (at < 0) merged.push(item);
    else if (policy === 'OVERWRITE') merged[at] = item;
    else if (policy === 'FAIL')
      throw new Error(`El realm ya tiene ${what} ${key(item)} (ifResourceExists: FAIL)`);
  }
  return merged;
};

/** The realm with a partial import applied, as Keycloak's partialImport leaves it. */
export const applyPartialImport = (
  rep: RealmRepresentation,
  partial: PartialImportRepresentation,
): RealmRepresentation => {
  const policy = partial.ifResourceExists ?? 'FAIL';
  const clientRoles: Record<string, RoleRepresentation[]> = { ...rep.roles?.client };
  for (const [clientId, list] of Object.entries(partial.roles?.client ?? {})) {
    clientRoles[clientId] = mergeByKey(clientRoles[clientId], list, (r) => r.name, policy, 'el rol');
  }
  return {
    ...rep,
    clients: mergeByKey(rep.clients, partial.clients, (c) => c.clientId, policy, 'el cliente'),
    users: mergeByKey(rep.users, partial.users, (u) => u.username.toLowerCase(), policy, 'el usuario'),
    roles: {
      realm: mergeByKey(rep.roles?.realm, partial.roles?.realm, (r) => r.name, policy, 'el rol'),
      client: clientRoles,
    },
  };
};

type RoleKey = string; // "realm:<name>" or "client:<clientId>:<name>"

/**
 * Roles Keycloak creates by itself in every realm: default-roles-<realm> (offline_access,
 * uma_authorization and the account client's view-profile and manage-account), and
 * manage-account, which includes manage-account-links.
 */
const builtInRoles = (realmName: string): Map<RoleKey, RoleRepresentation> =>
  new Map<RoleKey, RoleRepresentation>([
    [
      `realm:default-roles-${realmName}`,
      {
        name: `default-roles-${realmName}`,
        composite: true,
        composites: {
          realm: ['offline_access', 'uma_authorization'],
          client: { account: ['view-profile', 'manage-account'] },
        },
      },
    ],
    ['realm:offline_access', { name: 'offline_access' }],
    ['realm:uma_authorization', { name: 'uma_authorization' }],
    [
      'client:account:manage-account',
      {
        name: 'manage-account',
        composite: true,
        composites: { client: { account: ['manage-account-links'] } },
      },
    ],
    ['client:account:manage-account-links', { name: 'manage-account-links' }],
    ['client:account:view-profile', { name: 'view-profile' }],
  ]);

/** Keycloak's web origin for a redirect URI ("+" in webOrigins): scheme, host and port. */
const originOf = (uri: string): string | undefined => {
  try {
    const url = new URL(uri.replace(/\*$/, ''));
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
};

/** A deterministic UUID for users imported without an id, so `sub` is stable across restarts. */
const stableUuid = (seed: string): string => {
  const h = createHash('sha1').update(seed).digest('hex');
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const splitUris = (value: string | undefined): string[] =>
  value
    ? value
        .split('##')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

const unique = (list: string[]): string[] => [...new Set(list)];

export const loadRealm = (rep: RealmRepresentation, options: RealmOptions = {}): Realm => {
  const name = rep.realm;
  const roles = builtInRoles(name);
  for (const role of rep.roles?.realm ?? []) roles.set(`realm:${role.name}`, role);
  for (const [clientId, list] of Object.entries(rep.roles?.client ?? {})) {
    for (const role of list) roles.set(`client:${clientId}:${role.name}`, role);
  }

  /** Expands roles through their composites (depth-first, cycles ignored). */
  const expand = (start: RoleKey[]): Set<RoleKey> => {
    const seen = new Set<RoleKey>();
    const stack = [...start];
    while (stack.length > 0) {
      const key = stack.pop() as RoleKey;
      if (seen.has(key)) continue;
      seen.add(key);
      const role = roles.get(key);
      if (!role?.composites) continue;
      for (const r of role.composites.realm ?? []) stack.push(`realm:${r}`);
      for (const [clientId, list] of Object.entries(role.composites.client ?? {})) {
        for (const r of list) stack.push(`client:${clientId}:${r}`);
      }
    }
    return seen;
  };

  const clients = new Map<string, Client>();
  for (const c of rep.clients ?? []) {
    const standardFlowEnabled = c.standardFlowEnabled ?? true;
    const extraRedirects = standardFlowEnabled ? (options.extraRedirectUris ?? []) : [];
    const root = c.rootUrl?.replace(/\/$/, '') ?? '';
    const redirectUris = unique([
      ...(c.redirectUris ?? []).map((u) => (u.startsWith('/') ? `${root}${u}` : u)),
      ...extraRedirects,
    ]);
    const postLogout = splitUris(c.attributes?.['post.logout.redirect.uris']);
    const postLogoutRedirectUris = unique([
      ...(postLogout.length === 0 || postLogout.includes('+')
        ? redirectUris
        : postLogout.filter((u) => u !== '+').map((u) => (u.startsWith('/') ? `${root}${u}` : u))),
      ...extraRedirects,
    ]);
    const declaredOrigins = c.webOrigins ?? [];
    const webOrigins = unique([
      ...declaredOrigins.filter((o) => o !== '+'),
      ...(declaredOrigins.includes('+')
        ? redirectUris.map(originOf).filter((o): o is string => o !== undefined)
        : []),
      ...(standardFlowEnabled ? (options.extraWebOrigins ?? []) : []),
    ]);
    const audiences = (c.protocolMappers ?? [])
      .filter(
        (m) => m.protocolMapper === 'oidc-audience-mapper' && m.config?.['access.token.claim'] !== 'false',
      )
      .map((m) => m.config?.['included.client.audience'])
      .filter((a): a is string => typeof a === 'string' && a.length > 0);
    clients.set(c.clientId, {
      clientId: c.clientId,
      enabled: c.enabled ?? true,
      publicClient: c.publicClient ?? false,
      bearerOnly: c.bearerOnly ?? false,
      secret: c.secret,
      standardFlowEnabled,
      directAccessGrantsEnabled: c.directAccessGrantsEnabled ?? false,
      redirectUris,
      postLogoutRedirectUris,
      webOrigins,
      pkceMethod: c.attributes?.['pkce.code.challenge.method'] || undefined,
      audiences,
    });
  }

  const users: User[] = (rep.users ?? []).map((u) => {
    const effective = expand([
      ...(u.realmRoles ?? []).map((r) => `realm:${r}`),
      ...Object.entries(u.clientRoles ?? {}).flatMap(([clientId, list]) =>
        list.map((r) => `client:${clientId}:${r}`),
      ),
    ]);
    const realmRoles: string[] = [];
    const clientRoles: Record<string, string[]> = {};
    for (const key of effective) {
      if (key.startsWith('realm:')) {
        realmRoles.push(key.slice('realm:'.length));
      } else {
        const rest = key.slice('client:'.length);
        const i = rest.indexOf(':');
        const clientId = rest.slice(0, i);
        (clientRoles[clientId] ??= []).push(rest.slice(i + 1));
      }
    }
    for (const list of Object.values(clientRoles)) list.sort();
    const password = u.credentials?.find((c) => (c.type ?? 'password') === 'password')?.value;
    return {
      id: u.id ?? stableUuid(`${name}/${u.username.toLowerCase()}`),
      username: u.username.toLowerCase(),
      enabled: u.enabled ?? true,
      email: u.email?.toLowerCase(),
      emailVerified: u.emailVerified ?? false,
      firstName: u.firstName,
      lastName: u.lastName,
      password,
      realmRoles: realmRoles.sort(),
      clientRoles,
    };
  });

  const loginWithEmailAllowed = rep.loginWithEmailAllowed ?? true;
  return {
    name,
    displayName: rep.displayName ?? name,
    bruteForce: rep.bruteForceProtected
      ? {
          failureFactor: Math.max(1, rep.failureFactor ?? 30),
          waitIncrementSeconds: rep.waitIncrementSeconds ?? 60,
          maxFailureWaitSeconds: rep.maxFailureWaitSeconds ?? 900,
          maxDeltaTimeSeconds: rep.maxDeltaTimeSeconds ?? 43_200,
        }
      : null,
    loginWithEmailAllowed,
    accessTokenLifespan: rep.accessTokenLifespan ?? 300,
    ssoSessionIdleTimeout: rep.ssoSessionIdleTimeout ?? 1800,
    ssoSessionMaxLifespan: rep.ssoSessionMaxLifespan ?? 36000,
    clients,
    users,
    findUser: (usernameOrEmail) => {
      const wanted = usernameOrEmail.trim().toLowerCase();
      if (!wanted) return undefined;
      return (
        users.find((u) => u.username === wanted) ??
        (loginWithEmailAllowed ? users.find((u) => u.email === wanted) : undefined)
      );
    },
    findUserById: (id) => users.find((u) => u.id === id),
  };
};

/**
 * Keycloak's redirect URI check: an exact match, or a registered URI ending in `*` whose
 * prefix starts the requested one (the query is ignored for wildcard matches).
 */
export const matchesRedirectUri = (requested: string, registered: readonly string[]): boolean => {
  let parsed: URL;
  try {
    parsed = new URL(requested);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.username || parsed.password) return false;
  const withoutQuery = requested.split('#')[0]!.split('?')[0]!;
  return registered.some((valid) => {
    if (valid === '*') return true;
    if (valid.endsWith('*') && !valid.includes('?')) {
      return withoutQuery.startsWith(valid.slice(0, -1));
    }
    return requested === valid;
  });
};

export const isAllowedOrigin = (origin: string | undefined, webOrigins: readonly string[]): boolean =>
  origin !== undefined && origin !== 'null' && (webOrigins.includes('*') || webOrigins.includes(origin));
