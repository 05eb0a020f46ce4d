import { defineConfig } from 'vitest/config';
import { SRC_ALIAS } from './vite.config';

export default defineConfig({
  resolve: { alias: SRC_ALIAS },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'server/**/*.test.ts'],
          environment: 'node',
          // fast-check's runs and seed from FUZZ_RUNS / FUZZ_SEED (the one setup of every workspace's property tests).
          setupFiles: ['../../packages/validators/src/testing/fuzz-setup.ts'],
          // Property tests (format.test.ts's instants through dayjs's zones, 1,200 before FUZZ_RUNS: 1 s quiet, 8 s seen on a loaded
          // CI host) outgrow vitest's 5 s default on a shared 2-core machine.
          testTimeout: 30_000,
        },
      },
      {
        // Component and hook tests (React Testing Library) run in jsdom: every *.test.tsx under src.
        extends: true,
        test: {
          name: 'component',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup-dom.ts'],
          // MUI under jsdom on a shared 2-core machine: a typed form takes seconds, not milliseconds.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // One stack for the whole run (support/global-stack.ts); files inject its URLs and reset the stubs.
          globalSetup: ['e2e/support/global-stack.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll gives up after 1 s by default: too tight for a 2-core machine running two suites at once.
          expect: { poll: { timeout: 15_000, interval: 50 } },
          fileParallelism: false,
          maxWorkers: 1,
          // The stack (scripts/stack.mjs and the built apps) runs on Node's own loader: inlined by Vite, the
          // gateway's dist would get a second copy of graphql ("from another module or realm").
          server: {
            deps: {
              external: [
                /\/scripts\/stack\.mjs$/,
                /\/apps\/(gateway|stubs|keycloak-emulator)\/dist\//,
                /\/dist-server\//,
              ],
            },
          },
        },
      },
    ],
  },
});
