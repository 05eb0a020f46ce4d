import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * Test files share their worker's module graph (`isolate: false`): isolating each of the 91 files re-imported Apollo,
 * graphql and the gateway's modules every time (the import phase was half of the suite's wall time in CI, and the
 * whole run took about a third more CPU). A file that replaces modules (`vi.mock`, `vi.stubGlobal`...) needs a graph of
 * its own, or its mock would leak into the files after it: such files are found here and run isolated, so a new
 * one needs nothing (the web's vitest.config.ts does the same).
 */
const ISOLATED_FILES = readdirSync(new URL('src', import.meta.url), { recursive: true, encoding: 'utf8' })
  .map((file) => `src/${file}`)
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) =>
    /\bvi\.((do)?[mM]ock|stubEnv|stubGlobal|resetModules)\(/.test(
      readFileSync(new URL(file, import.meta.url), 'utf8'),
    ),
  );

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module): Vite would pick index.mjs for our sources while
    // @graphql-tools and @apollo/server get the CJS build from Node, and graphql refuses two instances.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // Hooks start stacks: an embedded store's opening is seconds of CPU on a thread that yields to the gateway's
    // (nice + 5), so a second suite on the same 2 cores stretches it most; 60 s was passed with two suites at once.
    hookTimeout: 180_000,
    // expect.poll gives up after 1 s by default: too tight for a 2-core machine running two suites at once.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    // fast-check's runs and seed from FUZZ_RUNS / FUZZ_SEED (the one setup of every workspace's property tests).
    setupFiles: ['../../packages/validators/src/testing/fuzz-setup.ts'],
    // Both cores: each worker its own process (a file restores what it changes in process.env: later files share it);
    // vitest's default is cores - 1, one worker on a 2-core machine.
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['src/**/*.test.ts'],
          exclude: ISOLATED_FILES,
          isolate: false,
          // One Keycloak emulator per run and one stubs server per worker, started once (src/__tests__/shared-stack.ts):
          // files reset the stubs and start only the gateway they need.
          globalSetup: ['src/__tests__/shared-stack.global.ts'],
        },
      },
      // The mocking files use no shared stack (a test that starts to need one fails on the missing `sharedStack`).
      { extends: true, test: { name: 'isolated', include: ISOLATED_FILES } },
    ],
  },
});
