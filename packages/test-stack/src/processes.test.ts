// processExists: a process that has exited is gone even while nobody has reaped it (Linux: its state in /proc).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { processExists } from './processes.mjs';

const holders: number[] = [];
afterAll(() => {
  for (const pid of holders) if (processExists(pid)) process.kill(pid, 'SIGKILL');
});

describe('processExists', () => {
  it('is true for a running process and false for an id nobody has', () => {
    expect(processExists(process.pid)).toBe(true);
    expect(processExists(2 ** 22 + 1)).toBe(false); // above Linux's largest pid
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'is false for a process that exited and waits to be reaped (a zombie), which signal 0 still finds',
    async () => {
      // A child of a shell that then becomes `sleep`, which never reaps it: the child ends only once its parent is
      // `sleep` (a shell would reap a child that ended before its `exec`).
      const script =
        'shell=$$; (while [ "$(cat /proc/$shell/comm)" != sleep ]; do sleep 0.05; done) & echo $!; exec sleep 60';
      const holder = spawn('sh', ['-c', script], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      holders.push(holder.pid!);
      const [line] = (await once(createInterface({ input: holder.stdout! }), 'line')) as [string];
      const zombie = Number(line);
      await expect.poll(() => processExists(zombie), { timeout: 30_000, interval: 50 }).toBe(false);
      expect(() => process.kill(zombie, 0)).not.toThrow();
    },
  );
});
