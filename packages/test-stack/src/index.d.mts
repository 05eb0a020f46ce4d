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
  /** Stops the three servers. */
  close(): Promise<void>;
}

export function startTestStack(options?: TestStackOptions): Promise<TestStack>;

/** What `startTestStack(options)` asks of scripts/stack.mjs's `startStack` (its gateway's environment among it). */
export function testStackOptions(options?: TestStackOptions): {
  gatewayEnv: Record<string, string>;
  passEnv: string[];
  [option: string]: unknown;
};

/** The names of `--pass-env` / TEST_STACK_PASS_ENV (a comma list), or why they are not valid (Spanish). */
export function parseEnvNames(
  text: string,
): { value: string[]; error?: undefined } | { value?: undefined; error: string };
