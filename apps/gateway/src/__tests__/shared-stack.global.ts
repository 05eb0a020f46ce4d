/**
 * globalSetup of the gateway's tests (vitest.config.ts): ONE Keycloak emulator for the run and ONE stubs server per
 * vitest worker, started once instead of once per test file: the emulator in vitest's own process (it only serves
 * its JWKS), each stubs server in a process of its own (a reset re-seeds synchronously: in one shared process, one
 * worker's reset held the other's upstream calls for seconds and its timing tests failed). A file takes its worker's
 * stubs with `sharedStack()` (shared-stack.ts), which resets them first: files never run at once on one worker, so
 * a file's data, faults and request log are gone before the next file starts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator } from '@backoffice/keycloak-emulator';
import type { TestProject } from 'vitest/node';
import type { SharedStackInfo } from './shared-stack.js';

const STUBS_MAIN = fileURLToPath(new URL('../../../stubs/dist/main.js', import.meta.url));

/** The stubs' own entry point (`npm start` of apps/stubs) on a free port; resolves with its URL once it listens. */
function startStubsProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [STUBS_MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /Stubs listening on (http:\/\/\S+)/.exec(output);
      if (listening) resolve({ url: listening[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`the stubs exited (${code}) before listening: ${output}`)));
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const keyDir = mkdtempSync(join(tmpdir(), 'gateway-tests-'));
  // The emulator writes its key here; each test file mints tokens with it (createTokenMinter), no request needed.
  const keyFile = join(keyDir, 'signing-key.json');
  const emulator = await startEmulator({ keyFile });
  // VITEST_POOL_ID goes from 1 to maxWorkers.
  const workers = project.config.maxWorkers || availableParallelism();
  const stubs = await Promise.all(Array.from({ length: workers }, startStubsProcess));
  const info: SharedStackInfo = {
    stubs: stubs.map((server) => server.url),
    emulator: { issuer: emulator.issuer, jwksUrl: emulator.jwksUrl, keyFile },
  };
  project.provide('sharedStack', info);
  return async () => {
    const exited = stubs.map(({ child }) => new Promise((resolve) => child.once('exit', resolve)));
    for (const { child } of stubs) child.kill('SIGTERM');
    await Promise.all([emulator.close(), ...exited]);
    rmSync(keyDir, { recursive: true, force: true });
  };
}
