// Types of index.mjs.
export const TEST_CLIENT_ID: 'back-office-tests';
export const TEST_REALM_FILE: string;
export const TEST_REALM_ADDITIONS: string;
export { TEST_RATE_LIMIT_MAX, TEST_UPSTREAM_TIMEOUT_MS } from './profile.mjs';

/** The protections a stack runs with; printed in the CLI's JSON line as `profile`. */
export interface TestProfile {
  /** `test` (the default) or `production` (`productionProtections`, `--production-protections`). */
  protections: 'test' | 'production';
  /** GraphQL and /files requests one user may make per minute before `429 RATE_LIMITED`. */
  rateLimitMax: number;
  /** Whether 5 wrong passwords lock a user out (clear it with a DELETE to `lockouts`). */
  bruteForceLockout: boolean;
  /** The gateway's deadline for an upstream read or write, in ms. */
  upstreamTimeoutMs: number;
}

export interface TestStackOptions {
  /** Loopback interface to listen on (default 127.0.0.1). */
  host?: string;
  /** 0 or missing: a free port picked for you. */
  ports?: { gateway?: number; stubs?: number; keycloak?: number };
  /** The gateway's log level (default `warn`). */
  gatewayLogLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * Receives each of the gateway's log lines (one JSON object; a request's lines carry its `namespace`). Default:
   * written to stderr, never to stdout, where your test runner reports.
   */
  gatewayLog?: (line: string) => void;
  /** The gateway's deadline for an upstream read or write, in ms (default TEST_UPSTREAM_TIMEOUT_MS: a loaded test machine is not a timeout). */
  upstreamTimeoutMs?: number;
  /** Lifetime of the access tokens, in seconds (default: the realm's, 300). */
  tokenTtlSeconds?: number;
  /** Keep production's rate limit (600 a minute) and brute-force lockout instead of the test profile's. */
  productionProtections?: boolean;
  /**
   * Names of this process's environment variables the gateway also gets (e.g. `['DATABASE_URL']`). By default it
   * gets none but PATH, HOME, TMPDIR, the locale and the time zone: the stack's own settings decide the rest.
   */
  passEnv?: readonly string[];
}

export interface TestStack {
  /** Base URL of the gateway, e.g. `http://127.0.0.1:41234`. */
  gateway: string;
  /** `${gateway}/graphql` */
  graphql: string;
  /** Base URL of the REST stubs (admin API at `${stubs}/__admin`). */
  stubs: string;
  /** The realm's URL, the tokens' issuer: token endpoint at `${keycloak}/protocol/openid-connect/token`. */
  keycloak: string;
  /** `DELETE` here clears every user's lockout (`DELETE ${lockouts}/{user}`: one user's). */
  lockouts: string;
  /** The protections it runs with, and its tokens' lifetime. */
  profile: TestProfile & { tokenTtlSeconds: number };
  /** Stops the three servers. */
  close(): Promise<void>;
}

export function startTestStack(options?: TestStackOptions): Promise<TestStack>;

/** The protections of a stack started with `options` (the test profile unless productionProtections). */
export function testProfile(options?: TestStackOptions): TestProfile;

/** What `startTestStack(options)` asks of scripts/stack.mjs's `startStack` (its gateway's environment among it). */
export function testStackOptions(options?: TestStackOptions): {
  gatewayEnv: Record<string, string>;
  keycloakOptions: { bruteForceProtected: boolean; attackDetectionAdmin: boolean };
  accessTokenTtlSeconds?: number;
  passEnv: string[];
  [option: string]: unknown;
};

/** The names of `--pass-env` / TEST_STACK_PASS_ENV (a comma list), or why they are not valid (Spanish). */
export function parseEnvNames(
  text: string,
): { value: string[]; error?: undefined } | { value?: undefined; error: string };

/** The request limits a document is priced against (the gateway's defaults unless given). */
export interface RequestLimits {
  maxCost: number;
  maxUpstreamCalls: number;
  maxBulkItems: number;
}

/**
 * What a document will cost, as its answer's `extensions.cost` will say (`cost` is `cost.requested`,
 * `upstreamCalls` is `cost.upstreamCalls.requested`), and the limit that would refuse it (its `extensions.limit`
 * and message), or null.
 */
export interface Price {
  cost: number;
  upstreamCalls: number;
  bulkItems: number;
  limits: RequestLimits;
  refusal: { name: string; max: number; found: number; message: string } | null;
}

/** Prices a GraphQL document offline, with the gateway's own count (page sizes and bulk ids from `variables`). */
export function priceOperation(
  document: string,
  options?: { variables?: Record<string, unknown>; operationName?: string; limits?: Partial<RequestLimits> },
): Price;
