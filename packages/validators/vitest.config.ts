import { defineConfig } from 'vitest/config';

// Generous limits: CI runs every package's tests at once on 2 cores.
export default defineConfig({
  test: {
    testTimeout: 20_000,
  },
});
