// Types of index.mjs.
export const TEST_CLIENT_ID: 'back-office-tests';
export const TEST_REALM_ADDITIONS: string;
/** The gateway's upstream read deadline in a test stack (30 s; production keeps 5 s). */
export const TEST_UPSTREAM_TIMEOUT_MS: 30_000;

export interface TestStackOptions {
  /** Loopback interface to listen on (default 127.0.0.1). */
  host?: string;
  /** 0 or missing: a free port picked for you. */
  ports?: { gateway?: number; stubs?: number; keycloak?: number };
  /** The gateway's log level (default `warn`). */
  gatewayLogLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** The gateway's deadline for an upstream read, in ms (default TEST_UPSTREAM_TIMEOUT_MS: a loaded test machine is not a timeout). */
  upstreamTimeoutMs?: number;
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
  /** Stops the three servers. */
  close(): Promise<void>;
}

export function startTestStack(options?: TestStackOptions): Promise<TestStack>;

/** What `startTestStack(options)` asks of scripts/stack.mjs's `startStack` (its gateway's environment among it). */
export function testStackOptions(options?: TestStackOptions): {
  gatewayEnv: Record<string, string>;
  [option: string]: unknown;
};
