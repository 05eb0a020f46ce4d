// One build at a time per checkout: two `npm run stack:test` started at once after a change both ran
// turbo, which has no lock of its own, and rebuilt the same packages side by side (6.5 min each on 2 cores). With
// this lock the second waits for the first and then finds turbo's cache warm.
// The lock is a folder (mkdir is atomic everywhere) made whole before it appears: a temporary folder with the
// owner's pid renamed into place. A lock whose owner is gone (killed mid-build) is taken over.
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processExists } from './processes.mjs';

const OWNER = 'owner.json';

/** The pid that holds `lockDir`, or undefined when there is no lock (or it is being replaced). */
async function ownerOf(lockDir) {
  try {
    return JSON.parse(await readFile(join(lockDir, OWNER), 'utf8')).pid;
  } catch {
    return undefined;
  }
}

/** Creates `lockDir` holding this process's pid; false if it exists already. */
async function tryCreate(lockDir) {
  const draft = await mkdtemp(join(dirname(lockDir), '.build-lock-'));
  await writeFile(join(draft, OWNER), JSON.stringify({ pid: process.pid }));
  try {
    await rename(draft, lockDir);
    return true;
  } catch (error) {
    await rm(draft, { recursive: true, force: true });
    if (error.code === 'ENOTEMPTY' || error.code === 'EEXIST' || error.code === 'EPERM') return false;
    throw error;
  }
}

/** Removes a lock whose owner `pid` is gone, unless another process replaced it meanwhile. */
async function takeOver(lockDir, pid) {
  const stale = `${lockDir}.stale-${process.pid}`;
  try {
    await rename(lockDir, stale);
  } catch {
    return; // another waiter took it over first
  }
  if ((await ownerOf(stale)) !== pid) {
    // A live lock made between our read and our rename: put it back.
    await rename(stale, lockDir).catch(() => {});
    return;
  }
  await rm(stale, { recursive: true, force: true });
}

/**
 * Runs `fn` holding the lock folder `lockDir` (its parent must exist): waits while another live process holds it.
 * `onWait(pid)` is called once, when it first has to wait.
 * @template T
 * @param {string} lockDir
 * @param {() => Promise<T>} fn
 * @param {{ onWait?: (pid: number) => void, intervalMs?: number }} [options]
 * @returns {Promise<T>}
 */
export async function withLock(lockDir, fn, options = {}) {
  let waited = false;
  while (!(await tryCreate(lockDir))) {
    const pid = await ownerOf(lockDir);
    if (pid !== undefined && !processExists(pid)) {
      await takeOver(lockDir, pid);
      continue;
    }
    if (!waited && pid !== undefined) {
      waited = true;
      options.onWait?.(pid);
    }
    await sleep(options.intervalMs ?? 200);
  }
  try {
    return await fn();
  } finally {
    await release(lockDir);
  }
}

/**
 * Frees the lock in one step: renamed away, then removed. Removing it in place emptied it first, and a waiter's
 * rename onto an empty folder succeeds, so the waiter's fresh lock was there when the removal ended (ENOTEMPTY).
 */
async function release(lockDir) {
  const released = `${lockDir}.released-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await rename(lockDir, released);
  await rm(released, { recursive: true, force: true });
}
