/**
 * globalSetup of the gateway's tests (vitest.config.ts): ONE Keycloak emulator for the run and ONE stubs server per
 * vitest worker, started once in vitest's own process instead of once per test file. A file takes its worker's
 * stubs with `sharedStack()` (shared-stack.ts), which resets them first: files never run at once on one worker, so
 * a file's data, faults and request log are gone before the next file starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '@backoffice/keycloak-emulator';
import { startStubs, type RunningStubs } from '@backoffice/stubs';
import type { TestProject } from 'vitest/node';
import type { SharedStackInfo } from './shared-stack.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const keyDir = mkdtempSync(join(tmpdir(), 'gateway-tests-'));
  // The emulator writes its key here; each test file mints tokens with it (createTokenMinter), no request needed.
  const keyFile = join(keyDir, 'signing-key.json');
  const emulator = await startEmulator({ keyFile });
  const stubs: RunningStubs[] = [];
  // VITEST_POOL_ID goes from 1 to maxWorkers. One server after the other: seeding is synchronous work.
  for (let worker = 0; worker < (project.config.maxWorkers || availableParallelism()); worker++) {
    stubs.push(await startStubs({ port: 0 }));
  }
  const info: SharedStackInfo = {
    stubs: stubs.map((server) => server.url),
    emulator: { issuer: emulator.issuer, jwksUrl: emulator.jwksUrl, keyFile },
  };
  project.provide('sharedStack', info);
  return async () => {
    await Promise.all([emulator.close(), ...stubs.map((server) => server.close())]);
    rmSync(keyDir, { recursive: true, force: true });
  };
}
