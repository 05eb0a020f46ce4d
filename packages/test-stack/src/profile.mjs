// The test profile's settings, apart from index.mjs and without imports: packages/infra-checks reads them
// to assert that no image and no Kubernetes manifest turns any of them on.

/**
 * The gateway's upstream read deadline in a test stack. The simulators answer in milliseconds, but a CI machine
 * running other suites beside this one can hold a first answer for seconds; a test of a timeout forces one with the
 * stubs' faults and a smaller `upstreamTimeoutMs` (production keeps 5 s, docs/operations.md §1).
 */
export const TEST_UPSTREAM_TIMEOUT_MS = 30_000;

/**
 * The gateway's requests per operator and minute in a test stack: a suite sends hundreds of requests a minute as
 * one demo user, and production's limit (600) would answer RATE_LIMITED mid-run, with no reset that clears it.
 * `productionProtections` keeps production's.
 */
export const TEST_RATE_LIMIT_MAX = 100_000;

/** The gateway variables the test profile sets, with its values: production's never take these. */
export const TEST_PROFILE_GATEWAY_ENV = {
  UPSTREAM_TIMEOUT_MS: String(TEST_UPSTREAM_TIMEOUT_MS),
  RATE_LIMIT_MAX: String(TEST_RATE_LIMIT_MAX),
  // x-test-namespace forwarded and the gateway's store split by it, cleared by the stubs' reset.
  TEST_NAMESPACES: 'true',
};

/**
 * The Keycloak emulator's options only a test stack passes (no lockout; an admin path that clears one without an
 * admin token): the emulator's entry point, which the images run, never does.
 */
export const TEST_STACK_EMULATOR_OPTIONS = ['bruteForceProtected', 'attackDetectionAdmin'];
