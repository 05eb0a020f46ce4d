import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { JWK } from 'jose';
import { createApp } from './app.js';
import { loadOrCreateKeys, type RealmKeys } from './keys.js';
import {
  applyPartialImport,
  loadRealm,
  readRealmFile,
  type Client,
  type PartialImportRepresentation,
  type Realm,
} from './realm.js';
import { SessionStore } from './sessions.js';
import { grantedScope, TokenIssuer } from './tokens.js';

export interface EmulatorOptions {
  /** Port to listen on; 0 (the default) lets the OS pick one. */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** The Keycloak realm export (default: infra/keycloak/realm-back-office.json of this repository). */
  realmFile?: string;
  /** Base URL browsers use (default http://localhost:<port>); the issuer is `${publicUrl}/realms/<realm>`. */
  publicUrl?: string;
  /** Private JWK file of the signing key, created when missing (default: .data/signing-key.json of this package); null: a fresh in-memory key. */
  keyFile?: string | null;
  /** Redirect URIs added to the clients with the standard flow, e.g. `http://127.0.0.1:5555/*`. */
  extraRedirectUris?: string[];
  /** Web origins (CORS) added to the clients with the standard flow. */
  extraWebOrigins?: string[];
  /** Access and ID token lifetime (default: the realm's accessTokenLifespan, 300 s). */
  accessTokenTtlSeconds?: number;
  /**
   * Files of Keycloak partial imports applied to the realm in order (e.g. the development-only test client,
   * infra/keycloak/dev/), as `kcadm.sh create partialImport` applies them to a real Keycloak.
   */
  realmAdditions?: string[];
  /** Overrides the realm's brute-force detection (the test stack turns the lockout off; default: the realm's). */
  bruteForceProtected?: boolean;
  /**
   * Serves Keycloak's admin endpoints that show and clear a user's lockout
   * (`/admin/realms/<realm>/attack-detection/brute-force/users[/{id}]`) WITHOUT an admin token. Test stacks only.
   */
  attackDetectionAdmin?: boolean;
}

export interface RunningEmulator {
  /** Public base URL (no trailing slash). */
  url: string;
  port: number;
  /** `${url}/realms/back-office`. */
  issuer: string;
  jwksUrl: string;
  /** The client ids the `realmAdditions` brought (none without them). */
  addedClientIds: string[];
  /** Lifetime of the access tokens it issues, in seconds. */
  accessTokenTtlSeconds: number;
  /** `DELETE` here clears every user's brute-force lockout; null unless `attackDetectionAdmin`. */
  lockoutsUrl: string | null;
  close(): Promise<void>;
  /** An access token exactly as the login flow issues it to the web client, in a new session. */
  accessTokenFor(
    username: string,
    overrides?: { claims?: Record<string, unknown>; ttlSeconds?: number },
  ): Promise<string>;
  /** Signs arbitrary claims with the realm key (RS256 and its kid unless `header` overrides them). */
  sign(payload: Record<string, unknown>, header?: Record<string, unknown>): Promise<string>;
  /** The public signing key as published in the JWKS. */
  publicJwk: JWK;
}

/** The realm file shipped with the repository (also imported by the real Keycloak in compose). */
export const DEFAULT_REALM_FILE = fileURLToPath(
  new URL('../../../infra/keycloak/realm-back-office.json', import.meta.url),
);

/** Where the signing key is kept by default (gitignored). */
export const DEFAULT_KEY_FILE = fileURLToPath(new URL('../.data/signing-key.json', import.meta.url));

/** The web client: back-office-web when present, otherwise the first public client with the standard flow. */
const webClient = (realm: Realm): Client => {
  const client =
    realm.clients.get('back-office-web') ??
    [...realm.clients.values()].find((c) => c.publicClient && c.standardFlowEnabled);
  if (!client) throw new Error('El realm no tiene un cliente público con flujo estándar');
  return client;
};

/** The realm of `options` with its partial imports applied, and the client ids they brought. */
const realmOf = (options: EmulatorOptions): { realm: Realm; addedClientIds: string[] } => {
  const additions = (options.realmAdditions ?? []).map(
    (file) => JSON.parse(readFileSync(file, 'utf8')) as PartialImportRepresentation,
  );
  const imported = additions.reduce(
    applyPartialImport,
    readRealmFile(options.realmFile ?? DEFAULT_REALM_FILE),
  );
  const representation =
    options.bruteForceProtected === undefined
      ? imported
      : { ...imported, bruteForceProtected: options.bruteForceProtected };
  const realm = loadRealm(representation, {
    extraRedirectUris: options.extraRedirectUris,
    extraWebOrigins: options.extraWebOrigins,
  });
  return {
    realm,
    addedClientIds: [...new Set(additions.flatMap((a) => (a.clients ?? []).map((c) => c.clientId)))],
  };
};

/** What signs a realm's tokens, with or without a server: the emulator's and the minter's are the same code. */
export type TokenMinter = Pick<RunningEmulator, 'issuer' | 'publicJwk' | 'accessTokenFor' | 'sign'>;

const realmTokens = (
  realm: Realm,
  keys: RealmKeys,
  sessions: SessionStore,
  tokens: TokenIssuer,
): TokenMinter => ({
  issuer: tokens.issuer,
  publicJwk: keys.publicJwk,
  accessTokenFor: async (username, overrides = {}) => {
    const user = realm.findUser(username);
    if (!user) throw new Error(`Usuario desconocido en el realm ${realm.name}: ${username}`);
    const session = sessions.create(user.id);
    return tokens.accessToken(user, webClient(realm), session, grantedScope('openid'), overrides);
  },
  sign: (payload, header) => tokens.sign(payload, header),
});

export const startEmulator = async (options: EmulatorOptions = {}): Promise<RunningEmulator> => {
  const { realm, addedClientIds } = realmOf(options);
  const keys = await loadOrCreateKeys(options.keyFile === undefined ? DEFAULT_KEY_FILE : options.keyFile);
  const sessions = new SessionStore(realm.ssoSessionIdleTimeout, realm.ssoSessionMaxLifespan);

  const server = createServer();
  // Clients keep sockets alive between token requests (fetch's pool in other teams' tests, the gateway's JWKS
  // reads). With Node's 5 s default, a loaded client could reuse a socket as the server closed it (ECONNRESET in
  // the example suite at load 36); 65 s, like the gateway and the stubs.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = (options.publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const issuer = `${url}/realms/${realm.name}`;
  const accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? realm.accessTokenLifespan;
  const tokens = new TokenIssuer(realm, keys, sessions, issuer, accessTokenTtlSeconds);
  const attackDetectionAdmin = options.attackDetectionAdmin === true;
  server.on('request', createApp({ realm, keys, sessions, tokens, publicUrl: url, attackDetectionAdmin }));

  return {
    url,
    port,
    jwksUrl: `${issuer}/protocol/openid-connect/certs`,
    addedClientIds,
    accessTokenTtlSeconds,
    lockoutsUrl: attackDetectionAdmin
      ? `${url}/admin/realms/${realm.name}/attack-detection/brute-force/users`
      : null,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
    ...realmTokens(realm, keys, sessions, tokens),
  };
};

export interface TokenMinterOptions extends Pick<
  EmulatorOptions,
  'realmFile' | 'realmAdditions' | 'accessTokenTtlSeconds' | 'extraRedirectUris' | 'extraWebOrigins'
> {
  /** The running emulator's issuer (`RunningEmulator.issuer`). */
  issuer: string;
  /** The running emulator's key file: the minter signs with its key, so the emulator's JWKS verifies the tokens. */
  keyFile: string;
}

/**
 * The tokens of an emulator that runs elsewhere (another process), minted here: `accessTokenFor` and `sign` give
 * what the emulator's own would, signed with its key file. The gateway's tests share one emulator per run and
 * mint in each test process, with no request to it.
 */
export const createTokenMinter = async (options: TokenMinterOptions): Promise<TokenMinter> => {
  // The emulator's key, never a new one: tokens of another key would all be refused.
  if (!existsSync(options.keyFile)) throw new Error(`No existe el archivo de clave ${options.keyFile}`);
  const { realm } = realmOf(options);
  const keys = await loadOrCreateKeys(options.keyFile);
  const sessions = new SessionStore(realm.ssoSessionIdleTimeout, realm.ssoSessionMaxLifespan);
  const ttl = options.accessTokenTtlSeconds ?? realm.accessTokenLifespan;
  return realmTokens(realm, keys, sessions, new TokenIssuer(realm, keys, sessions, options.issuer, ttl));
};

export { applyPartialImport, loadRealm, matchesRedirectUri, readRealmFile } from './realm.js';
export type { Realm, RealmRepresentation, PartialImportRepresentation, User, Client } from './realm.js';
