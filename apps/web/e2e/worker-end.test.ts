import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A worker's stack ends with the worker (e2e/support/worker.ts): when vitest stops it (SIGTERM, SIGKILL 500 ms
 * later) and when vitest's own process is gone (the IPC channel closes). The worker is stood in for by a forked
 * process that starts the worker's stack; its gateway is a process of its own that must not be left running.
 */

const WORKER = fileURLToPath(new URL('./support/fixtures/worker-process.ts', import.meta.url));

/** Direct children of `pid` (the gateway process the stack spawned, Chromium) whose command line has `what`. */
function childrenOf(pid: number, what: string): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(what))
      .map((line) => Number.parseInt(line, 10));
  } catch {
    return []; // ps exits 1 when there is none
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Forks the stand-in worker and waits until its stack answers; returns it with its gateway's and Chromium's pids. */
async function startWorker(): Promise<{ worker: ChildProcess; gateway: number; chromium: number }> {
  const worker = fork(WORKER, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const web = await new Promise<string>((resolve, reject) => {
    worker.once('message', (message) => resolve((message as { web: string }).web));
    void exited.then(() => reject(new Error('El worker terminó antes de iniciar su pila')));
  });
  expect((await fetch(web)).ok).toBe(true);
  const [gateway] = childrenOf(worker.pid!, 'gateway/dist/main.js');
  const [chromium] = childrenOf(worker.pid!, 'chromium');
  expect(gateway).toBeDefined();
  expect(chromium).toBeDefined();
  return { worker, gateway: gateway!, chromium: chromium! };
}

/**
 * Starts the stand-in worker, ends it with `end`, and expects it, its gateway and its Chromium gone (and leaves
 * none of them behind when they are not).
 */
async function endsWithItsGateway(end: (worker: ChildProcess) => void): Promise<void> {
  const { worker, gateway, chromium } = await startWorker();
  try {
    end(worker);
    await expect.poll(() => worker.exitCode !== null || worker.signalCode !== null).toBe(true);
    await expect.poll(() => alive(gateway)).toBe(false);
    await expect.poll(() => alive(chromium)).toBe(false);
  } finally {
    worker.kill('SIGKILL');
    for (const pid of [gateway, chromium]) if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
}

// A stack starts on a loaded 2-core machine in 20-35 s (the same room as e2e/support/suite.ts gives it).
const START_AND_END_MS = 150_000;

describe("a worker's stack ends with the worker", () => {
  it(
    'vitest stops the worker (SIGTERM): it exits at once, its gateway process and Chromium with it',
    async () => {
      await endsWithItsGateway((worker) => worker.kill('SIGTERM'));
    },
    START_AND_END_MS,
  );

  it(
    "vitest's process is gone (the IPC channel closes): the worker exits, its gateway and Chromium with it",
    async () => {
      await endsWithItsGateway((worker) => worker.disconnect());
    },
    START_AND_END_MS,
  );
});
