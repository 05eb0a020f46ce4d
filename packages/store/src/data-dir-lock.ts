/**
 * One process per embedded data folder. PGlite keeps its database in memory and writes the folder as it goes: two
 * processes on one folder both start and serve, each sees only its own writes, and the last to stop overwrites the
 * other's. A lock file in the folder names the process that holds it; a second process refuses to open
 * the folder. A lock left by a process that died without closing (kill -9, a crash) is taken over: its pid is no
 * longer running, or now names another process (Linux: its start time in /proc differs), or is this process's own
 * pid without this process holding it (a container restarted: the gateway is pid 1 again).
 */
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/** The lock's file, inside the data folder (a volume mounted as the folder may be the only writable place). */
export const LOCK_FILE = 'backoffice-store.lock';

interface Holder {
  pid: number;
  /** When the holding process started (ISO), for the operator. */
  startedAt: string;
  /** Linux: the process's start in clock ticks since boot (/proc/<pid>/stat field 22): tells a reused pid apart. */
  procStart: string | null;
  hostname: string;
}

/** A data folder held by this process; `release()` lets it go (also done when the process exits). */
export interface DataDirLock {
  readonly dataDir: string;
  release(): void;
}

/** The folder is held by another running process (or already by this one). */
export class StoreFolderHeldError extends Error {
  readonly code = 'STORE_DATA_DIR_HELD';
  constructor(
    readonly dataDir: string,
    readonly holder: { pid: number; startedAt?: string; hostname?: string } | null,
  ) {
    const by = holder
      ? ` (pid ${holder.pid}${holder.hostname ? ` en ${holder.hostname}` : ''}${holder.startedAt ? `, desde ${holder.startedAt}` : ''})`
      : '';
    const byEn = holder ? ` (pid ${holder.pid}${holder.hostname ? ` on ${holder.hostname}` : ''})` : '';
    super(
      `La carpeta del almacenamiento embebido ${dataDir} ya está en uso por otro proceso${by}: un solo proceso ` +
        'por carpeta. Para correr réplicas, configure DATABASE_URL (PostgreSQL). / The embedded store folder ' +
        `${dataDir} is already in use by another process${byEn}: one process per folder. To run replicas, set ` +
        'DATABASE_URL (PostgreSQL).',
    );
    this.name = 'StoreFolderHeldError';
  }
}

/** Lock files this process holds (path → the text written), to refuse a second open here and release at exit. */
const held = new Map<string, string>();

function procStartOf(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (in parentheses, which may hold spaces): starttime is the 20th of them.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null; // not Linux, or no such process
  }
}

const ownHolder = (): Holder => ({
  pid: process.pid,
  startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
  procStart: procStartOf('self'),
  hostname: hostname(),
});

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return Number.isInteger(value.pid) && (value.pid ?? 0) > 0 ? (value as Holder) : null;
  } catch {
    return null;
  }
}

/** Whether the process that wrote `holder` still runs (another than this one). */
function isRunning(holder: Holder): boolean {
  if (holder.pid === process.pid) return false; // not in `held`: an earlier process that had this pid
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  const now = procStartOf(holder.pid);
  return !holder.procStart || !now || now === holder.procStart;
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Removes a stale lock whose text is `stale`, unless another process replaced it meanwhile: the file is moved
 * aside (one atomic rename), and put back when what was moved is not the stale lock.
 */
function removeStale(file: string, stale: string): void {
  const aside = `${file}.${process.pid}.${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readFileSync(aside, 'utf8') !== stale) {
    try {
      linkSync(aside, file);
    } catch {
      // a third process took the folder meanwhile: its lock stays
    }
  }
  unlinkSync(aside);
}

/** A process that exits without closing its store (process.exit after a failed stop) lets its folders go. */
function releaseAll(): void {
  for (const [file, text] of held) {
    try {
      if (readFileSync(file, 'utf8') === text) unlinkSync(file);
    } catch {
      // already gone
    }
  }
}

/**
 * Takes `dataDir` for this process (creating the folder), or throws StoreFolderHeldError when another running
 * process holds it, or this process already does.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const folder = resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, LOCK_FILE);
  if (held.has(file)) throw new StoreFolderHeldError(dataDir, ownHolder());
  const text = `${JSON.stringify(ownHolder())}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readText(file);
      if (current === null) continue; // released meanwhile
      const holder = parseHolder(current);
      if (holder && isRunning(holder)) throw new StoreFolderHeldError(dataDir, holder);
      removeStale(file, current);
      continue;
    }
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    if (held.size === 0) process.once('exit', releaseAll);
    held.set(file, text);
    return {
      dataDir,
      release: () => {
        if (held.get(file) !== text) return;
        held.delete(file);
        if (held.size === 0) process.off('exit', releaseAll);
        if (readText(file) === text) unlinkSync(file);
      },
    };
  }
  throw new StoreFolderHeldError(dataDir, null);
}
