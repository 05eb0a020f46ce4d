// `npm run stack:test` never outlives the process that started it: killed with SIGKILL itself, or its
// parent (npm, under a test runner's hard timeout) killed with SIGKILL, it leaves no process and no listening port
// within 5 s. POSIX only (`ps` lists the processes), like the script that runs it.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, firstLine } from './test-processes.js';

const CLI = fileURLToPath(new URL('./cli.mjs', import.meta.url));

/** Within this the stack is gone; polled, so a fast stop passes at once. */
const GONE_WITHIN_MS = 5_000;

/** The ids of the processes whose parent is `pid`. */
const childrenOf = (pid: number): number[] =>
  execFileSync('ps', ['-A', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number])
    .filter(([, ppid]) => ppid === pid)
    .map(([child]) => child);

/** Whether something accepts connections on the URL's port. */
const listening = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

interface Urls {
  gateway: string;
  stubs: string;
  keycloak: string;
}

/** The JSON line a started stack prints on `stdout`. */
const urlsFrom = async (stdout: NodeJS.ReadableStream, process: ChildProcess): Promise<Urls> => {
  return JSON.parse(await firstLine(process, stdout)) as Urls;
};

/** What must be gone: the processes and the ports of the stack. */
const leftOf = async (pids: number[], urls: Urls) => ({
  processes: pids.filter(alive),
  ports: (
    await Promise.all(
      [urls.gateway, urls.stubs, urls.keycloak].map(async (url) => ((await listening(url)) ? [url] : [])),
    )
  ).flat(),
});

const started: number[] = [];
afterAll(() => {
  for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

describe('npm run stack:test killed with SIGKILL', () => {
  it(
    'leaves no process and no listening port when the CLI itself is killed',
    { timeout: 180_000 },
    async () => {
      const cli = spawn(process.execPath, [CLI, '--log-level', 'silent'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      started.push(cli.pid!);
      const urls = await urlsFrom(cli.stdout, cli);
      const children = childrenOf(cli.pid!);
      started.push(...children);
      // The gateway is the stack's own process (the stubs and the emulator run in the CLI's).
      expect(children.length).toBeGreaterThan(0);
      expect(await leftOf([cli.pid!, ...children], urls)).toEqual({
        processes: [cli.pid!, ...children],
        ports: [urls.gateway, urls.stubs, urls.keycloak],
      });

      cli.kill('SIGKILL');
      await expect
        .poll(() => leftOf([cli.pid!, ...children], urls), { timeout: GONE_WITHIN_MS, interval: 100 })
        .toEqual({ processes: [], ports: [] });
    },
  );

  it('stops when the process that started it (npm, a runner) is killed', { timeout: 180_000 }, async () => {
    // The CLI's parent as npm is: it waits for its child, whose stdout is the parent's own (the JSON line).
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `require('node:child_process').spawn(process.execPath, ${JSON.stringify([CLI, '--log-level', 'silent'])}, { stdio: 'inherit' }); setInterval(() => {}, 60_000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    started.push(parent.pid!);
    const urls = await urlsFrom(parent.stdout, parent);
    const cli = childrenOf(parent.pid!)[0]!;
    const stack = [cli, ...childrenOf(cli)];
    started.push(...stack);
    expect(stack.length).toBeGreaterThan(1);

    parent.kill('SIGKILL');
    await expect
      .poll(() => leftOf(stack, urls), { timeout: GONE_WITHIN_MS, interval: 100 })
      .toEqual({ processes: [], ports: [] });
  });
});
