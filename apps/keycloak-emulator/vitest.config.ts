import { defineConfig } from 'vitest/config';

// Generous limits: CI runs every package's tests at once on 2 cores, and RSA key generation is CPU-bound.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Files share their worker's module graph (none replaces modules): isolating each re-imported it per file.
    isolate: false,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default: too tight for a 2-core machine running two suites at once.
    expect: { poll: { timeout: 15_000, interval: 50 } },
  },
});
