// The test profile: a test stack raises the gateway's rate limit and turns the brute-force lockout off,
// unless the caller keeps production's protections; the emulator's lockout admin path is on either way.
import { describe, expect, it } from 'vitest';
import { TEST_RATE_LIMIT_MAX, testProfile, testStackOptions } from './index.mjs';

describe('the test profile', () => {
  it('raises the rate limit and turns the lockout off by default', () => {
    expect(testProfile()).toEqual({
      protections: 'test',
      rateLimitMax: TEST_RATE_LIMIT_MAX,
      bruteForceLockout: false,
      upstreamTimeoutMs: 30_000,
    });
    const options = testStackOptions();
    expect(options.gatewayEnv.RATE_LIMIT_MAX).toBe(String(TEST_RATE_LIMIT_MAX));
    expect(options.keycloakOptions).toEqual({ bruteForceProtected: false, attackDetectionAdmin: true });
    expect(options.accessTokenTtlSeconds).toBeUndefined();
    // The gateway's namespaces (its store split like the stubs, cleared by their reset).
    expect(options.testNamespaces).toBe(true);
  });

  it('keeps production’s protections when asked, and passes the token lifetime', () => {
    expect(testProfile({ productionProtections: true })).toMatchObject({
      protections: 'production',
      rateLimitMax: 600,
      bruteForceLockout: true,
    });
    const options = testStackOptions({ productionProtections: true, tokenTtlSeconds: 60 });
    expect(options.gatewayEnv.RATE_LIMIT_MAX).toBeUndefined();
    expect(options.keycloakOptions).toEqual({ bruteForceProtected: true, attackDetectionAdmin: true });
    expect(options.accessTokenTtlSeconds).toBe(60);
    expect(options.testNamespaces).toBe(true);
  });
});
