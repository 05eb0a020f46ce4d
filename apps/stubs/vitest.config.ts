import { defineConfig } from 'vitest/config';

// Every test file starts real servers (seeding takes a few hundred ms); leave room for a busy CI machine.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
