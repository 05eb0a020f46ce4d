import { defineConfig } from 'vitest/config';

// Generous limits: the tests start the stack (three servers) while CI runs every package at once on 2 cores.
export default defineConfig({
  test: {
    testTimeout: 60_000,
  },
});
