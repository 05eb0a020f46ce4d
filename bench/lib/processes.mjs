// Child processes of the benchmark (gateway, stubs), CPU pinning and CPU-time readings from /proc.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find((path) => {
  try {
    return spawnSync(path, ['--version']).status === 0;
  } catch {
    return false;
  }
});

/** Logical CPUs this process may use. */
export function cpuCount() {
  const result = spawnSync('nproc', ['--all']);
  const n = Number(String(result.stdout ?? '').trim());
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** Whether pinning is possible (taskset exists and there are at least two CPUs). */
export const canPin = () => Boolean(TASKSET) && cpuCount() >= 2;

/** Pins every thread of process `pid` to `cpus` (e.g. "1" or "0,1"). Returns false when it could not. */
export function pinProcess(pid, cpus) {
  if (!TASKSET) return false;
  return spawnSync(TASKSET, ['-a', '-c', '-p', cpus, String(pid)]).status === 0;
}

/**
 * Starts `node <script>` (a child-*.mjs next to this file) with `env`, pinned to `cpus` when possible, and
 * waits for its `BENCH_READY {json}` line. Returns { pid, info, stop() }.
 */
export async function startChild(
  name,
  script,
  { env = {}, cpus = null, nodeArgs = [], timeoutMs = 30_000 } = {},
) {
  const scriptPath = fileURLToPath(new URL(script, import.meta.url));
  const args = [...nodeArgs, scriptPath];
  const [command, argv] =
    cpus !== null && TASKSET ? [TASKSET, ['-c', cpus, process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, argv, {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  const info = await new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () => reject(new Error(`${name}: no arrancó en ${timeoutMs} ms\n${stderr}`)),
      timeoutMs,
    );
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const match = /^BENCH_READY (.+)$/m.exec(buffer);
      if (match) {
        clearTimeout(timer);
        resolve(JSON.parse(match[1]));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name}: terminó con código ${code} antes de estar listo\n${stderr}`));
    });
  });
  // Keep draining its output so a chatty child never blocks on a full pipe.
  child.stdout.resume();
  let exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    pid: child.pid,
    info,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin.end();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      exited = Promise.resolve();
    },
  };
}

const CLOCK_TICKS = (() => {
  const n = Number(String(spawnSync('getconf', ['CLK_TCK']).stdout ?? '').trim());
  return Number.isFinite(n) && n > 0 ? n : 100;
})();

/** User + system CPU time of process `pid` (all threads) in ms, from /proc/<pid>/stat; null when unavailable. */
export function cpuTimeMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which is in parentheses and may contain spaces).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
