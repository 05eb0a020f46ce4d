import { defineConfig } from 'vitest/config';

// Every test file starts real servers (seeding takes a few hundred ms on a quiet machine, over ten seconds on a
// 2-core one running two test suites at once): the margins are for that machine, not for a quiet one.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
