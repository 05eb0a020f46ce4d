/**
 * vitest setup file of every workspace with property tests (their vitest.config.ts's `setupFiles`): fast-check's
 * defaults for every `fc.assert` and `fc.sample` of the run, read from the environment in this one place.
 *
 * - `npm test` runs a fixed, moderate number of cases per property (DEFAULT_FUZZ_RUNS): minutes of fuzzing belong
 *   to a long run, not to every change.
 * - FUZZ_RUNS=<n> runs n cases per property (a long run: `FUZZ_RUNS=20000 npx vitest run <file>`).
 * - FUZZ_SEED=<n> fixes the seed: a failing property prints its seed (and path), and FUZZ_SEED reproduces it.
 *   Without it fast-check draws a seed per property; the HTTP fuzzers keep a fixed one (security/harness.ts).
 *
 * docs/testing-integration.md, "Property tests".
 */
import fc from 'fast-check';

/** Cases per property in `npm test` (fast-check's own default). */
export const DEFAULT_FUZZ_RUNS = 100;

function integerFromEnv(name: string, min: number): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min} (got "${raw}")`);
  }
  return value;
}

const seed = integerFromEnv('FUZZ_SEED', -(2 ** 31));
fc.configureGlobal({
  numRuns: integerFromEnv('FUZZ_RUNS', 1) ?? DEFAULT_FUZZ_RUNS,
  ...(seed === undefined ? {} : { seed }),
});
