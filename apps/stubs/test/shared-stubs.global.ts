/**
 * globalSetup (vitest.config.ts): ONE stubs server per vitest worker, started once in vitest's own process instead
 * of once per test file (seeding every service is most of a file's start). A file takes its worker's server with
 * `sharedClient()` (helpers.ts), which resets it first; files never run at once on one worker.
 */
import { availableParallelism } from 'node:os';
import type { TestProject } from 'vitest/node';
import { startStubs, type RunningStubs } from '../src/index.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The stubs of each worker: VITEST_POOL_ID n takes the n-th. */
    sharedStubs: string[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const servers: RunningStubs[] = [];
  // VITEST_POOL_ID goes from 1 to maxWorkers. One server after the other: seeding is synchronous work.
  for (let worker = 0; worker < (project.config.maxWorkers || availableParallelism()); worker++) {
    servers.push(await startStubs({ port: 0 }));
  }
  project.provide(
    'sharedStubs',
    servers.map((server) => server.url),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.close()));
  };
}
