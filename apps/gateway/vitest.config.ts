import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module): Vite would pick index.mjs for our sources while
    // @graphql-tools and @apollo/server get the CJS build from Node, and graphql refuses two instances.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default: too tight for a 2-core machine running two suites at once.
    expect: { poll: { timeout: 15_000, interval: 50 } },
  },
});
