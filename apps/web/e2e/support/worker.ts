import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { signInStateDir, startTestStack, type Stack } from './stack';

/**
 * What one vitest worker keeps for every browser file it runs. The e2e project runs its files in several workers
 * with `isolate: false` (apps/web/vitest.config.ts), so a worker process lives from its first file to the end of
 * the run: its first file starts the worker's own stack (stubs, emulator, gateway, the built web app, on free
 * ports) and its Chromium, and the worker's later files reuse both. Two workers never share a stack, so one file's
 * stub reset, forced failures or saved preferences cannot reach a file running beside it.
 *
 * Kept on `globalThis`: one per process, whatever vitest evaluates again between files.
 */
interface WorkerResources {
  started: Map<string, Promise<unknown>>;
  guarded: boolean;
}

const KEY = Symbol.for('backoffice.e2e.worker');
const resources: WorkerResources = ((globalThis as Record<symbol, WorkerResources | undefined>)[KEY] ??= {
  started: new Map(),
  guarded: false,
});

/**
 * The worker's end, however it comes. Vitest stops a worker with SIGTERM and SIGKILLs it 500 ms later, and a
 * worker whose vitest process was killed gets 'disconnect' on its IPC channel (its servers would keep it running
 * forever). Both leave at once through process.exit, so the 'exit' handlers run: scripts/stack.mjs SIGKILLs the
 * gateway it spawned, Playwright kills Chromium, and this module removes the saved sign-in states. The stubs,
 * emulator and web server live in this process and end with it.
 */
function guardWorkerEnd(): void {
  if (resources.guarded) return;
  resources.guarded = true;
  process.once('SIGTERM', () => process.exit(0));
  process.once('disconnect', () => process.exit(0));
}

/** Starts once per worker; a start that failed is tried again by the next file instead of failing them all. */
function once<T>(what: 'stack' | 'browser', start: () => Promise<T>): Promise<T> {
  guardWorkerEnd();
  const existing = resources.started.get(what) as Promise<T> | undefined;
  if (existing) return existing;
  const started = start().catch((error: unknown) => {
    resources.started.delete(what);
    throw error;
  });
  resources.started.set(what, started);
  return started;
}

/** This worker's stack, started by its first file. */
export function workerStack(): Promise<Stack> {
  return once('stack', async () => {
    const started = Date.now();
    const { id, urls } = await startTestStack();
    // Sync: only synchronous work runs in 'exit'. The stack's servers end with the process.
    process.once('exit', () => rmSync(signInStateDir(id), { recursive: true, force: true }));
    console.log(
      `[e2e] pila del worker ${process.env.VITEST_POOL_ID ?? '?'} lista en ${Date.now() - started} ms: ${urls.web}`,
    );
    return { id, urls };
  });
}

/**
 * This worker's Chromium, launched by its first file. Each file opens its own contexts (profiles: cookies, local
 * storage and permissions of their own) and closes them; a Chromium that went away is launched again.
 */
export function workerBrowser(): Promise<Browser> {
  return once('browser', async () => {
    const browser = await launchBrowser();
    browser.once('disconnected', () => resources.started.delete('browser'));
    return browser;
  });
}
