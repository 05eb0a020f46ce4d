import { defineConfig } from 'vitest/config';

// Generous limits: the tests start the stack (three servers) while CI runs every package at once on 2 cores.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    // beforeAll starts the stack in a child process (imports the gateway, three servers): 10 s, vitest's default, is
    // too short on a loaded machine.
    hookTimeout: 120_000,
  },
});
