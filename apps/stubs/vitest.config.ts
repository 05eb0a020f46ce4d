import { defineConfig } from 'vitest/config';

// Every test file talks to real servers (seeding takes a few hundred ms on a quiet machine, over ten seconds on a
// 2-core one running two test suites at once): the margins are for that machine, not for a quiet one.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One stubs server per worker, started once (test/shared-stubs.global.ts); files reset it, never restart it.
    globalSetup: ['test/shared-stubs.global.ts'],
    // fast-check's runs and seed from FUZZ_RUNS / FUZZ_SEED (the one setup of every workspace's property tests).
    setupFiles: ['../../packages/validators/src/testing/fuzz-setup.ts'],
    // Both cores: each worker its own process and its own shared server (vitest's default is cores - 1, one here).
    pool: 'forks',
    // Files share their worker's module graph (no file replaces modules): isolating each re-imported the stubs' app
    // and its services for every file (vitest's import phase 18-28 s of the suite's 38-40 CPU s; 27-29 without).
    isolate: false,
    maxWorkers: 2,
  },
});
