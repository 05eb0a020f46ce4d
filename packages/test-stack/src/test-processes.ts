// Shared by the test-stack's process tests (cli, orphan, parent-death): whether a process still exists, and the
// first line a started process prints.
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { processExists } from './processes.mjs';

/** True while a process with this id exists. */
export const alive = (pid: number): boolean => processExists(pid);

/**
 * The first line `child` prints on `stdout` (the stack's JSON line). A process that exits first, or prints nothing
 * within `timeoutMs`, fails the wait at once with what it wrote on stderr (`stderr()`), instead of a test runner's
 * hook timeout that says nothing about why the stack did not start.
 */
export const firstLine = async (
  child: ChildProcess,
  stdout: NodeJS.ReadableStream,
  stderr: () => string = () => '',
  timeoutMs = 100_000,
): Promise<string> => {
  const lines = createInterface({ input: stdout });
  let timer: NodeJS.Timeout | undefined;
  try {
    const [line] = (await Promise.race([
      once(lines, 'line'),
      once(child, 'exit').then(([code, signal]) => {
        throw new Error(`the process exited (${String(code ?? signal)}) before its first line:\n${stderr()}`);
      }),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no line after ${timeoutMs} ms; the process wrote:\n${stderr()}`)),
          timeoutMs,
        );
      }),
    ])) as [string];
    return line;
  } finally {
    clearTimeout(timer);
  }
};
