import { defineConfig } from 'vitest/config';

// Generous limits: CI runs every package's tests at once on 2 cores, and RSA key generation is CPU-bound.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
