// Types of stack.mjs for the TypeScript callers (the browser tests of apps/web).
export interface Closable {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface StackOptions {
  host?: string;
  publicHost?: string;
  ports?: { stubs?: number; keycloak?: number; gateway?: number; web?: number };
  /** The emulator's signing key file; null keeps a fresh key in memory. */
  keyFile?: string | null;
  stubLatencyMs?: number;
  gatewayLogLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** More environment for the gateway's process (over the variables `passEnv` lets through and the stack's wiring). */
  gatewayEnv?: Record<string, string>;
  /**
   * Which of this process's variables the gateway gets: by default only BASE_ENV (PATH, HOME...), plus the names
   * given; 'all' (npm start) passes the whole environment.
   */
  passEnv?: 'all' | readonly string[];
  /** Lifetime of the emulator's access tokens (default: the realm's, 300 s). */
  accessTokenTtlSeconds?: number;
  log?: (line: string) => void;
  /** false: no web server (the stack of integration tests, packages/test-stack). Default true. */
  web?: boolean;
  /** The emulator's realm file (default infra/keycloak/realm-back-office.json, found from the emulator's folder). */
  realmFile?: string;
  /** Partial realm imports merged into the emulator's realm; the clients they add may call the gateway. */
  realmAdditions?: string[];
  /** The emulator's test-stack switches: no lockout, an admin path that clears one (packages/test-stack only). */
  keycloakOptions?: { bruteForceProtected?: boolean; attackDetectionAdmin?: boolean };
  /** Origins of web servers the caller starts against this stack (the bench's baseline build): they may sign in and call the gateway. */
  otherWebOrigins?: string[];
}

export interface Stack {
  stubs: Closable & { reset(): void; services: Record<string, string> };
  keycloak: Closable & {
    issuer: string;
    jwksUrl: string;
    addedClientIds: string[];
    accessTokenTtlSeconds: number;
    lockoutsUrl: string | null;
    accessTokenFor(username: string): Promise<string>;
  };
  /** The gateway's own process (`node apps/gateway/dist/main.js`); metricsUrl when METRICS_PORT is set. */
  gateway: Closable & { graphqlUrl: string; metricsUrl: string | null; pid: number | undefined };
  web: Closable;
  urls: {
    web: string;
    gateway: string;
    metrics: string | null;
    sandbox: string;
    keycloak: string;
    stubs: string;
  };
  close(): Promise<void>;
}

export function freePort(host?: string): Promise<number>;
/** What any process needs to run (PATH, HOME, TMPDIR...), passed to the gateway whatever `passEnv` says. */
export const BASE_ENV: readonly string[];

/** Whether `error` is a listen on a taken port the caller did not give (the stack then starts on new picks). */
export function pickedPortTaken(
  error: unknown,
  givenPorts?: { stubs?: number; keycloak?: number; gateway?: number; web?: number },
): boolean;
/** The caller's variables a stack's gateway gets: all of them, or BASE_ENV and the names given. */
export function inheritedEnv(
  passEnv: 'all' | readonly string[],
  from?: Record<string, string | undefined>,
): Record<string, string>;
export function startGatewayProcess(
  env: Record<string, string | undefined>,
  log?: (line: string) => void,
  passEnv?: 'all' | readonly string[],
): Promise<Stack['gateway']>;
/** The stack started with `web: false`: no web server, no web URL. */
export interface StackWithoutWeb extends Omit<Stack, 'web' | 'urls'> {
  web: undefined;
  urls: Omit<Stack['urls'], 'web'> & { web: undefined };
}

export function startStack(options: StackOptions & { web: false }): Promise<StackWithoutWeb>;
export function startStack(options?: StackOptions & { web?: true }): Promise<Stack>;

/** Each origin given and, for a loopback one, its twin (`127.0.0.1` ↔ `localhost`, same port). */
export function signInOrigins(origins: readonly string[]): string[];
