// `npm run stack:test` builds only what it serves, one build at a time: two starts at once after a change
// rebuilt the same packages side by side; the web app, which the test stack never serves, must not be built.
import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withLock } from './build-lock.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('withLock', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'build-lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('runs a second holder only after the first is done', async () => {
    const lock = join(dir, 'build.lock');
    const events: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let waiting = (_pid: number) => {};
    const secondWaits = new Promise<number>((resolve) => (waiting = resolve));

    const first = withLock(lock, async () => {
      events.push('first starts');
      await released;
      events.push('first ends');
    });
    await expect.poll(() => events).toEqual(['first starts']);
    const second = withLock(
      lock,
      async () => {
        events.push('second starts');
      },
      { onWait: waiting, intervalMs: 20 },
    );
    // The second found the lock held by this process (the owner's pid) and waits.
    expect(await secondWaits).toBe(process.pid);
    expect(events).toEqual(['first starts']);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first starts', 'first ends', 'second starts']);
    await expect(stat(lock)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('takes over a lock whose owner is gone (a start killed mid-build)', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid!;
    await new Promise((resolve) => gone.once('exit', resolve));
    const lock = join(dir, 'build.lock');
    await mkdir(lock);
    await writeFile(join(lock, 'owner.json'), JSON.stringify({ pid }));
    let waited = false;
    const result = await withLock(lock, async () => 'built', {
      onWait: () => (waited = true),
      intervalMs: 20,
    });
    expect(result).toBe('built');
    expect(waited).toBe(false);
  });

  it('hands the lock from holder to holder without failing: one at a time, each freeing it whole', async () => {
    const lock = join(dir, 'build.lock');
    let inside = 0;
    let most = 0;
    const holder = async () => {
      for (let round = 0; round < 15; round++) {
        await withLock(
          lock,
          async () => {
            most = Math.max(most, ++inside);
            await new Promise((resolve) => setImmediate(resolve));
            inside--;
          },
          { intervalMs: 1 },
        );
      }
    };
    await Promise.all(Array.from({ length: 6 }, holder));
    expect(most).toBe(1);
    await expect(stat(lock)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('frees the lock when the build fails', async () => {
    const lock = join(dir, 'build.lock');
    await expect(withLock(lock, () => Promise.reject(new Error('falló')))).rejects.toThrow('falló');
    expect(await withLock(lock, async () => 'again')).toBe('again');
  });
});

describe('the build step of npm run stack:test', () => {
  it('goes through the lock', async () => {
    const { scripts } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts['stack:test']).toMatch(/^node packages\/test-stack\/src\/build\.mjs && exec node /);
  });

  it('plans the stack’s packages and not the web app', { timeout: 120_000 }, async () => {
    // turbo's plan (--dry=json) goes to stderr with the rest of the build's output: stdout is the stack's JSON line.
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [join(root, 'packages/test-stack/src/build.mjs'), '--dry=json'],
      { cwd: root, maxBuffer: 64 * 1024 * 1024 },
    );
    expect(stdout).toBe('');
    const tasks = (JSON.parse(stderr) as { tasks: { taskId: string }[] }).tasks.map((t) => t.taskId);
    expect(tasks).toEqual(
      expect.arrayContaining([
        '@backoffice/gateway#build',
        '@backoffice/stubs#build',
        '@backoffice/keycloak-emulator#build',
      ]),
    );
    expect(tasks.filter((task) => task.startsWith('@backoffice/web#'))).toEqual([]);
  });
});
