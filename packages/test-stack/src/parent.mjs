// The CLI's watch on the process that started it. Its own servers (stubs, Keycloak emulator) run in its
// process and its gateway stops when the CLI's end of their IPC channel closes (apps/gateway/src/run.ts), so the
// stack ends with the CLI; this makes the CLI end with its parent. A parent killed with SIGKILL (a test runner's
// hard timeout killing `npm run stack:test`'s npm) runs no handler and sends nothing, but its child is re-parented:
// on POSIX systems its parent id changes.
import { clearInterval, setInterval } from 'node:timers';

/**
 * Calls `onGone` once, when this process's parent id is no longer the one it started with. Checks every
 * `intervalMs`; the timer keeps nothing alive.
 * @param {(reason: string) => void} onGone
 * @param {{ intervalMs?: number }} [options]
 */
export function watchParent(onGone, options = {}) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone(`el proceso padre (${parent}) terminó`);
  }, options.intervalMs ?? 250);
  timer.unref();
}
