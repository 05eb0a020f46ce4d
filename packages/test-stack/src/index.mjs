// startTestStack(): the stack other teams' integration tests run against (docs/testing-integration.md): the REST
// stubs, the Keycloak emulator with the development-only test client `back-office-tests` (password grant for the
// demo users) and the gateway pointed at both, on free loopback ports. No web server.
// The same start functions as `npm start` and the browser tests (scripts/stack.mjs); the apps must be built.
import { fileURLToPath } from 'node:url';
import { DEFAULT_RATE_LIMIT_MAX } from '@backoffice/gateway/config';
import { startStack } from '../../../scripts/stack.mjs';
import { TEST_PROFILE_GATEWAY_ENV, TEST_RATE_LIMIT_MAX, TEST_UPSTREAM_TIMEOUT_MS } from './profile.mjs';

export { TEST_RATE_LIMIT_MAX, TEST_UPSTREAM_TIMEOUT_MS } from './profile.mjs';
// A document's price before it is sent (docs/testing-integration.md §3): the gateway's own count, offline.
export { priceOperation } from '@backoffice/gateway/price';

/** The client tests sign in with (password grant): infra/keycloak/dev/, never in the images nor in production. */
export const TEST_CLIENT_ID = 'back-office-tests';

/**
 * The development realm. Named from here, not left to the emulator's default (a path from its own folder), so the
 * packed test stack, where the emulator sits in node_modules, finds it too (scripts/pack.mjs keeps this layout).
 */
export const TEST_REALM_FILE = fileURLToPath(
  new URL('../../../infra/keycloak/realm-back-office.json', import.meta.url),
);

/** The partial import that adds the test client to the development realm (the emulator's and compose's Keycloak). */
export const TEST_REALM_ADDITIONS = fileURLToPath(
  new URL('../../../infra/keycloak/dev/back-office-tests.partial-import.json', import.meta.url),
);

/**
 * The names of `--pass-env` / TEST_STACK_PASS_ENV: a comma list of environment variable names.
 * @param {string} text
 * @returns {{ value: string[], error?: undefined } | { value?: undefined, error: string }}
 */
export function parseEnvNames(text) {
  const value = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const bad = value.find((name) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name));
  if (bad !== undefined) {
    return {
      error: `--pass-env: "${bad}" no es un nombre de variable. Formato: DATABASE_URL,OTRA_VARIABLE.`,
    };
  }
  return { value };
}

/**
 * The protections a test stack starts with: the test profile (rate limit raised, brute-force lockout off), or
 * production's with `productionProtections`. Either way the emulator serves the admin path that clears a lockout.
 */
export function testProfile(options = {}) {
  const production = options.productionProtections === true;
  return {
    protections: production ? 'production' : 'test',
    rateLimitMax: production ? DEFAULT_RATE_LIMIT_MAX : TEST_RATE_LIMIT_MAX,
    bruteForceLockout: production,
    upstreamTimeoutMs: options.upstreamTimeoutMs ?? TEST_UPSTREAM_TIMEOUT_MS,
  };
}

/** What `startTestStack(options)` asks of scripts/stack.mjs's `startStack`. */
export function testStackOptions(options = {}) {
  const profile = testProfile(options);
  return {
    host: options.host ?? '127.0.0.1',
    ports: { ...options.ports, web: 0 },
    web: false,
    keyFile: null,
    gatewayLogLevel: options.gatewayLogLevel ?? 'warn',
    // The gateway's lines go to stderr (or the caller's function), never to stdout, where a test runner writes
    // its report.
    log: options.gatewayLog ?? ((line) => void process.stderr.write(`${line}\n`)),
    // Namespaces in the gateway too (its store, the stubs' reset clearing it), whatever the protections: §4.
    testNamespaces: true,
    realmFile: TEST_REALM_FILE,
    realmAdditions: [TEST_REALM_ADDITIONS],
    gatewayEnv: {
      UPSTREAM_TIMEOUT_MS: String(profile.upstreamTimeoutMs),
      // Writes wait as long as reads (docs/testing-integration.md §3): a timeout test of a mutation takes the
      // same moment, and a loaded CI machine does not turn a write into UNKNOWN before a read would time out.
      MUTATION_TIMEOUT_MS: String(profile.upstreamTimeoutMs),
      // Production's limit is the gateway's default: the stack sets nothing then.
      ...(profile.protections === 'test' ? { RATE_LIMIT_MAX: TEST_PROFILE_GATEWAY_ENV.RATE_LIMIT_MAX } : {}),
    },
    keycloakOptions: { bruteForceProtected: profile.bruteForceLockout, attackDetectionAdmin: true },
    ...(options.tokenTtlSeconds ? { accessTokenTtlSeconds: options.tokenTtlSeconds } : {}),
    // A clean environment: only what the stack sets, what node needs to run, and the variables the caller names.
    passEnv: [...(options.passEnv ?? [])],
  };
}

/**
 * @param {{ host?: string, ports?: { gateway?: number, stubs?: number, keycloak?: number },
 *           gatewayLogLevel?: 'debug' | 'info' | 'warn' | 'error' | 'silent', upstreamTimeoutMs?: number,
 *           tokenTtlSeconds?: number, productionProtections?: boolean, passEnv?: readonly string[],
 *           gatewayLog?: (line: string) => void }} [options]
 *   ports: 0 or missing picks a free port. gatewayLogLevel: default `warn`. gatewayLog: each of the gateway's log
 *   lines (JSON), default written to stderr. upstreamTimeoutMs: the gateway's
 *   deadline for an upstream read and write, default TEST_UPSTREAM_TIMEOUT_MS. tokenTtlSeconds: the access tokens' lifetime
 *   (default the realm's, 300). productionProtections: keep production's rate limit and lockout (testProfile).
 *   passEnv: names of this process's variables the gateway also gets (by default none but PATH, HOME, TMPDIR and
 *   the like).
 */
export async function startTestStack(options = {}) {
  const stack = await startStack(testStackOptions(options));
  return {
    gateway: stack.gateway.url,
    graphql: stack.gateway.graphqlUrl,
    stubs: stack.stubs.url,
    keycloak: stack.keycloak.issuer,
    lockouts: stack.keycloak.lockoutsUrl,
    profile: { ...testProfile(options), tokenTtlSeconds: stack.keycloak.accessTokenTtlSeconds },
    close: () => stack.close(),
  };
}
