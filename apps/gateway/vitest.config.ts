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
    // One Keycloak emulator per run and one stubs server per worker, started once (src/__tests__/shared-stack.ts):
    // files reset the stubs and start only the gateway they need.
    globalSetup: ['src/__tests__/shared-stack.global.ts'],
    // fast-check's runs and seed from FUZZ_RUNS / FUZZ_SEED (the one setup of every workspace's property tests).
    setupFiles: ['../../packages/validators/src/testing/fuzz-setup.ts'],
    // Both cores: each worker its own process (a file's gateway, its timeouts and process.env stay its own);
    // vitest's default is cores - 1, one worker on a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
  },
});
