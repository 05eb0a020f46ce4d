// Types of profile.mjs.
/** The gateway's upstream read deadline in a test stack (30 s; production keeps 5 s). */
export const TEST_UPSTREAM_TIMEOUT_MS: 30_000;
/** The gateway's requests per operator and minute in the test profile (production: 600). */
export const TEST_RATE_LIMIT_MAX: 100_000;
/** The gateway variables the test profile sets, with its values. */
export const TEST_PROFILE_GATEWAY_ENV: { UPSTREAM_TIMEOUT_MS: string; RATE_LIMIT_MAX: string };
/** The Keycloak emulator's options only a test stack passes. */
export const TEST_STACK_EMULATOR_OPTIONS: readonly string[];
