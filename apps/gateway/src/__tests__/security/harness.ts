/**
 * The stack the security suites run against: the real stubs, the Keycloak emulator (its realm key signs every
 * token, valid or not) and the gateway over HTTP, plus helpers to mint tokens with any permission set, read what
 * the stubs received and send many requests with bounded concurrency over keep-alive connections.
 */
import { sign as rsaSign, type KeyObject } from 'node:crypto';
import { permissionToRole } from '@backoffice/schema';
import { startStubs } from '@backoffice/stubs';
import { decodeJwt } from 'jose';
import fc from 'fast-check';
import type { GatewayConfig } from '../../config.js';
import { loadConfig } from '../../load-config.js';
import { startGateway, type RunningGateway } from '../../index.js';
import { mapWithConcurrency } from '../../shared/bulk.js';
import { createLogger, type Logger } from '../../logger.js';
import { INTERNAL_MARKERS } from '../http-helpers.js';
import { sharedEmulator, sharedStack, type SharedEmulator, type SharedStubs } from '../shared-stack.js';

export const GATEWAY_CLIENT = 'back-office-gateway';

/**
 * Seed of the HTTP fuzzers' samples: fixed, so that their counts and a failure reproduce; FUZZ_SEED overrides it
 * (read by the fast-check setup of every workspace, packages/validators/src/testing/fuzz-setup.ts).
 */
export const FUZZ_SEED = fc.readConfigureGlobal().seed ?? 20_251_104;

/** Cases per property: FUZZ_RUNS, or the moderate default of `npm test` (fuzz-setup.ts sets it). */
export const FUZZ_RUNS = (() => {
  const { numRuns } = fc.readConfigureGlobal();
  if (numRuns === undefined) throw new Error('fuzz-setup.ts did not run: see setupFiles in vitest.config.ts');
  return numRuns;
})();

export interface RecordedRequest {
  service: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string | undefined>;
  body: unknown;
  /** ISO date when it reached the stubs (before any injected latency). */
  at: string;
}

export interface SecurityStack {
  stubs: SharedStubs;
  emulator: SharedEmulator;
  gateway: RunningGateway;
  config: GatewayConfig;
  /** JSON log lines the gateway wrote (when `captureLogs`). */
  logLines: string[];
  /** The realm's signing key id. */
  realmKid: string;
  /**
   * RS256 signature with the realm key over any header and payload (JSON values, or raw strings used as is),
   * without the checks jose makes when signing (crit, alg, non-object payloads...).
   */
  signRaw(header: unknown, payload: unknown): string;
  /** A valid access token (claims of the emulator's `admin`) whose gateway client roles are exactly these permissions. */
  tokenWith(permissions: readonly string[], claims?: Record<string, unknown>): Promise<string>;
  /** Claims of a valid access token holding these permissions (to sign variants of it). */
  claimsWith(permissions: readonly string[]): Record<string, unknown>;
  /** Requests the stubs recorded (oldest first; the recorder keeps the last 2,000). */
  upstreamRequests(): Promise<RecordedRequest[]>;
  clearUpstreamRequests(): Promise<void>;
  /** Re-seeds the stubs' data and clears their recorded requests and faults. */
  resetStubs(): Promise<void>;
  /** Closes the gateway (and the stubs when they are the stack's own). */
  close(): Promise<void>;
}

export interface SecurityStackOptions {
  captureLogs?: boolean;
  gateway?: Partial<GatewayConfig>;
  /**
   * Stubs of the stack's own instead of the worker's (shared-stack.ts): for a second stack beside the file's
   * first, with its own data and fault draws.
   */
  ownStubs?: boolean;
}

export async function startSecurityStack(options: SecurityStackOptions = {}): Promise<SecurityStack> {
  // The realm key is the shared emulator's: tests sign anything with it.
  const [emulator, own] = await Promise.all([
    sharedEmulator(),
    options.ownStubs ? startStubs({ port: 0 }) : undefined,
  ]);
  const stubs: SharedStubs = own
    ? { url: own.url, reset: async () => own.reset() }
    : (await sharedStack()).stubs;
  const realmKid = emulator.publicJwk.kid!;
  const signRaw = (header: unknown, payload: unknown) => rawSign(emulator.privateKey, header, payload);
  const logLines: string[] = [];
  const logger: Logger = options.captureLogs
    ? createLogger('info', (line) => logLines.push(line))
    : createLogger('silent');
  const base = loadConfig({ STUBS_URL: stubs.url });
  const config: GatewayConfig = {
    ...base,
    port: 0,
    host: '127.0.0.1',
    keycloakIssuer: emulator.issuer,
    keycloakJwksUrl: emulator.jwksUrl,
    upstreamTimeoutMs: 3000,
    mutationTimeoutMs: 5000,
    corsOrigins: ['http://localhost:5173'],
    logLevel: options.captureLogs ? 'info' : 'silent',
    // The suites send hundreds of refused calls as one operator and read each one's audit line.
    activityRefusalsPerHour: 1_000_000,
    ...options.gateway,
  };
  const gateway = await startGateway(config, { logger });

  const adminClaims = decodeJwt(await emulator.accessTokenFor('admin')) as Record<string, unknown>;
  const claimsWith = (permissions: readonly string[]): Record<string, unknown> => {
    const now = Math.floor(Date.now() / 1000);
    const resourceAccess = { ...(adminClaims.resource_access as Record<string, unknown>) };
    resourceAccess[GATEWAY_CLIENT] = { roles: permissions.map(permissionToRole) };
    return { ...adminClaims, iat: now, auth_time: now, exp: now + 3600, resource_access: resourceAccess };
  };
  const tokenCache = new Map<string, Promise<string>>();
  const tokenWith = (permissions: readonly string[], claims?: Record<string, unknown>) => {
    if (claims) return emulator.sign({ ...claimsWith(permissions), ...claims });
    const key = [...permissions].sort().join(',');
    let token = tokenCache.get(key);
    if (!token) {
      token = emulator.sign(claimsWith(permissions));
      tokenCache.set(key, token);
    }
    return token;
  };

  return {
    stubs,
    emulator,
    gateway,
    config,
    logLines,
    realmKid,
    signRaw,
    tokenWith,
    claimsWith,
    upstreamRequests: async () =>
      (await (await fetch(`${stubs.url}/__admin/requests`)).json()) as RecordedRequest[],
    clearUpstreamRequests: async () => {
      const res = await fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
      await res.arrayBuffer();
    },
    resetStubs: stubs.reset,
    close: async () => {
      await gateway.close();
      await own?.close();
    },
  };
}

const segment = (value: unknown): string =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function rawSign(key: KeyObject, header: unknown, payload: unknown): string {
  const input = `${segment(header)}.${segment(payload)}`;
  return `${input}.${rsaSign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

/** Runs `fn` over `items` with at most `concurrency` in flight; results in input order (the kit's). */
export const pool = mapWithConcurrency;

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** POSTs a GraphQL request with an arbitrary Authorization header value (or none). */
export async function postGraphql(
  url: string,
  body: { query: string; variables?: Record<string, unknown>; operationName?: string },
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, headers: response.headers, text, json };
}

export interface GraphqlErrorShape {
  message: string;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

export const errorsOf = (json: unknown): GraphqlErrorShape[] =>
  (json && typeof json === 'object' && Array.isArray((json as { errors?: unknown }).errors)
    ? (json as { errors: GraphqlErrorShape[] }).errors
    : []) ?? [];

/**
 * Text that must never reach a client: stack frames, file paths, Node/undici/jose internals, upstream addresses.
 * (http-helpers' INTERNAL_MARKERS plus what the forced upstream failures of these suites carry.)
 */
export const LEAK_MARKERS: RegExp[] = [
  ...INTERNAL_MARKERS,
  /\/work\/|\/home\/|\/usr\/|[A-Z]:\\/,
  /ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND/,
  /AbortError|TypeError|ReferenceError|SyntaxError: (?!Document too large)/,
  /JWKS/i,
  /undici|fetch failed/i,
  /127\.0\.0\.1|localhost:\d+/,
  /injected_fault|Falla inyectada|Error interno del simulador/,
];

/** Words of graphql-js / Apollo / Node error messages: a client-facing message containing one is not Spanish. */
export const ENGLISH_MARKERS =
  /\b(?:Expected|got invalid value|must|cannot represent|was not provided|is not defined|Variable|Unexpected|Cannot|Invalid|required type|non-null|not found)\b/;
