import { defineConfig } from 'vitest/config';

// Generous limits: CI runs every package's tests at once on 2 cores.
export default defineConfig({
  test: {
    testTimeout: 20_000,
    // Files share their worker's module graph (none replaces modules): isolating each re-imported it per file.
    isolate: false,
    // fast-check's runs and seed from FUZZ_RUNS / FUZZ_SEED (the one setup of every workspace's property tests).
    setupFiles: ['src/testing/fuzz-setup.ts'],
  },
});
