import { defineConfig } from 'vitest/config';

// Generous limits: CI runs every package's tests at once on 2 cores, and the embedded PostgreSQL (WASM) takes
// seconds of CPU to start.
export default defineConfig({
  test: {
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
