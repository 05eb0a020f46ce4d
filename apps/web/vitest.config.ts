import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { SRC_ALIAS } from './vite.config';
import LongestFirstSequencer from './e2e/support/longest-first';

/**
 * Unit and component files share their worker's module graph and jsdom (`isolate: false`): isolating every file
 * re-imported MUI and re-made jsdom 62 times, about 3.5x the CPU of the tests themselves. A file that replaces
 * modules (`vi.mock`) needs a module graph of its own, or its mock would leak into the files after it or miss
 * modules an earlier file already loaded: such files are found here and run isolated, so a new one needs nothing.
 */
const MOCKING_FILES = ['src', 'server']
  .flatMap((folder) =>
    readdirSync(new URL(folder, import.meta.url), { recursive: true, encoding: 'utf8' }).map(
      (file) => `${folder}/${file}`,
    ),
  )
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(new URL(file, import.meta.url), 'utf8')));

/** Workers of the e2e project, each with its own stack and Chromium (docs/operations.md, "Browser tests"). */
const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

export default defineConfig({
  resolve: { alias: SRC_ALIAS },
  test: {
    // Browser files longest first (it reorders only the e2e project's files; vitest's sequencer is one per run).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'server/**/*.test.ts'],
          exclude: MOCKING_FILES,
          isolate: false,
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
          exclude: MOCKING_FILES,
          isolate: false,
          environment: 'jsdom',
          setupFiles: ['src/test/setup-dom.ts'],
          // MUI under jsdom on a shared 2-core machine: a typed form takes seconds, not milliseconds.
          testTimeout: 30_000,
        },
      },
      {
        // The files that mock modules, each in its own module graph (see MOCKING_FILES).
        extends: true,
        test: {
          name: 'isolated',
          include: MOCKING_FILES,
          environment: 'jsdom',
          setupFiles: ['../../packages/validators/src/testing/fuzz-setup.ts', 'src/test/setup-dom.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          // Files run side by side in E2E_WORKERS workers (default 2). Each worker starts its own stack and
          // Chromium with its first file and keeps them for its later ones (e2e/support/worker.ts): `isolate: false`
          // keeps the worker process from file to file. Files reset their stack's stubs as they start.
          maxWorkers: E2E_WORKERS,
          isolate: false,
          // Its own group, after the unit and component projects: a run of every project (`vitest run`) may give
          // them another number of workers.
          sequence: { groupOrder: 1 },
          // Browser steps wait on state with their own limits (Playwright's 30 s per action, expect.poll's 15 s
          // below), so a broken step fails by itself within them; this is only the ceiling for a whole test. The
          // longest tests (several screens, a bulk action) took up to 50 s one file at a time on this shared
          // 2-core machine at load 20-30, and two workers share it. Longer tests say so themselves. Hooks sign in
          // and open a screen; the start of a stack has its own limit (e2e/support/suite.ts).
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // expect.poll gives up after 1 s by default: too tight for a 2-core machine running two suites at once.
          expect: { poll: { timeout: 15_000, interval: 50 } },
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
