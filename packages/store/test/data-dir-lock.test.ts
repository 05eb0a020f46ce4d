import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockDataDir, openStore, StoreFolderHeldError } from '../src/index.js';

/** One process per embedded data folder: src/data-dir-lock.ts. */
describe('the embedded data folder’s lock', () => {
  const root = mkdtempSync(join(tmpdir(), 'store-lock-'));
  let n = 0;
  const folder = () => join(root, `data-${n++}`);
  const holderOf = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number };
  const writeLock = (dir: string, holder: object) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, LOCK_FILE), JSON.stringify(holder));
  };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a folder another running process holds, naming it and DATABASE_URL, until that one is killed', async () => {
    const dir = folder();
    const index = fileURLToPath(new URL('../dist/index.js', import.meta.url));
    // Another process takes the folder and waits.
    const other = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { lockDataDir } = await import(${JSON.stringify(index)});\n` +
          `lockDataDir(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        other.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve());
        other.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const refused = (() => {
        try {
          lockDataDir(dir);
        } catch (error) {
          return error;
        }
      })();
      expect(refused).toBeInstanceOf(StoreFolderHeldError);
      expect((refused as Error).message).toContain(dir);
      expect((refused as Error).message).toMatch(/ya está en uso[\s\S]*DATABASE_URL[\s\S]*already in use/);
      await expect(openStore({ dataDir: dir })).rejects.toBeInstanceOf(StoreFolderHeldError);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => (other.exitCode === null ? other.once('exit', resolve) : resolve(null)));
    }
    // Killed without closing: its lock stays, and is recovered.
    expect(holderOf(dir).pid).toBe(other.pid);
    const lock = lockDataDir(dir);
    expect(holderOf(dir).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over the lock of a process that is gone, and lets the folder go when the store closes', async () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeLock(dir, { pid: gone, startedAt: '2026-11-25T00:00:00Z', procStart: null, hostname: 'x' });
    const store = await openStore({ dataDir: dir });
    try {
      expect(holderOf(dir).pid).toBe(process.pid);
      await store.writePreference('operador', 'k', 1);
    } finally {
      await store.close();
    }
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock with this process’s pid it does not hold (a restarted container), or unreadable', () => {
    for (const content of [{ pid: process.pid, procStart: null }, 'cortado']) {
      const dir = folder();
      writeLock(dir, content as object);
      if (typeof content === 'string') writeFileSync(join(dir, LOCK_FILE), content);
      const lock = lockDataDir(dir);
      expect(holderOf(dir).pid).toBe(process.pid);
      lock.release();
    }
  });

  it.runIf(existsSync('/proc/self/stat'))('takes over a pid now used by another process (Linux)', () => {
    const dir = folder();
    // The parent process runs, but started at another time than the one written.
    writeLock(dir, { pid: process.ppid, procStart: '1', startedAt: '2026-11-25T00:00:00Z' });
    const lock = lockDataDir(dir);
    expect(holderOf(dir).pid).toBe(process.pid);
    lock.release();
  });

  it('refuses a second opening in the same process while the first holds the folder', () => {
    const dir = folder();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(StoreFolderHeldError);
    lock.release();
    lockDataDir(dir).release();
  });
});
