/**
 * Uploads spooled to disk as they arrive instead of held in memory: an upload's file goes to a temporary file of
 * the replica's spool directory while it streams in, is checked from there (zip-check.ts reads the archive's
 * directory from the file) and is forwarded from there (form-body.ts), so a file of any size costs the gateway a
 * few pieces of memory at a time (HeldBytes counts them), never its whole size.
 *
 * Disk is bounded like memory was: an upload takes room for its file before its body is read (its declared length,
 * at most its route's `maxBytes`), within `maxBytesPerOperator` for the operator and `maxBytes` for the replica,
 * else it is refused 429 in Spanish with nothing read or sent. The room and the temporary file are given back
 * however the upload ends (`SpoolRoom.release`).
 *
 * Each replica has its own directory, `backoffice-uploads-<host>-<pid>-<random>` under the configured folder
 * (os.tmpdir() by default), made at its first upload. A process that was killed cannot remove its own: at start,
 * the directories of this host whose process is gone (or whose pid is this process's own, from a container's
 * earlier run, and not one of its gateways') are removed. Directories of other hosts, on a shared folder, are
 * left to their hosts.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Logger } from '../logger.js';
import { type FileRefusal, spoolFull, spoolFullForOperator } from './refusals.js';

/** What every spool directory's name starts with. */
export const SPOOL_PREFIX = 'backoffice-uploads-';

/** The spool's settings (GatewayConfig's `uploadSpool`). */
export interface SpoolSettings {
  /** The folder the replica's directory is made in. */
  dir: string;
  /** Most bytes the replica's uploads in flight may take on disk together. */
  maxBytes: number;
  /** Most bytes one operator's uploads in flight may take on disk together. */
  maxBytesPerOperator: number;
}

/** Bytes written to disk per write at most before the file stream is paused (the writer's buffer). */
const WRITE_BUFFER_BYTES = 256 * 1024;
/** The size of a piece read back from a spooled file. */
export const READ_PIECE_BYTES = 64 * 1024;

/**
 * The bytes of one upload's file the gateway holds in memory at a time: received and not yet on disk, read back
 * and not yet taken by the service's connection or the zip check. `peak` is the most it held at once.
 */
export class HeldBytes {
  private now = 0;
  peak = 0;
  hold(bytes: number): void {
    this.now += bytes;
    if (this.now > this.peak) this.peak = this.now;
  }
  release(bytes: number): void {
    this.now -= bytes;
  }
}

/** What the spools of this process did, for the tests and an investigation: read, never reset by the gateway. */
export const spoolStats = {
  /** The largest `HeldBytes.peak` of an upload that ended. */
  largestHeldBytes: 0,
  /** Files spooled (created), and removed again. */
  filesCreated: 0,
  filesRemoved: 0,
  record(held: HeldBytes): void {
    spoolStats.largestHeldBytes = Math.max(spoolStats.largestHeldBytes, held.peak);
  },
};

/** An upload's file being written: `write` pauses the source while the disk is behind, `finish` awaits it all. */
export interface SpoolWriter {
  readonly path: string;
  write(chunk: Buffer, source: Readable): void;
  /** Resolves once every byte is on disk and the file closed; rejects with the disk's error. */
  finish(): Promise<void>;
  /** Called once with the first error of the disk (the upload cannot be received). */
  onError(listener: (error: Error) => void): void;
}

/** Room on disk for one upload: its temporary file, removed with `release` however the upload ends. */
export interface SpoolRoom {
  /** The upload's temporary file, opened for writing (one per room). */
  open(held: HeldBytes): SpoolWriter;
  /** Removes the file (once it is closed) and gives the room back; once, later calls wait for the first. */
  release(): Promise<void>;
}

export interface UploadSpool {
  /** The replica's directory, made at the first upload once a killed process's leftovers are removed. */
  ready(): Promise<string>;
  /** Room for an upload of at most `bytes` of `operator`, or its refusal (nothing is read). */
  reserve(operator: string, bytes: number): SpoolRoom | FileRefusal;
  /** The bytes reserved now, in all and by operator (an operator without an upload has no entry). */
  reserved(): { total: number; byOperator: ReadonlyMap<string, number> };
}

/** This host in directory names: a hash, so that any host name fits a file name. */
const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

/** The name of a spool directory of process `pid` of this host (or of the host whose tag is `host`). */
export const spoolDirectoryName = (pid: number, host = HOST_TAG): string =>
  `${SPOOL_PREFIX}${host}-${pid}-${randomBytes(6).toString('hex')}`;
/** `backoffice-uploads-<host>-<pid>-<random>` */
const NAME = /^backoffice-uploads-([0-9a-f]{8})-(\d+)-/;
/** The directories of this process's spools: its own pid's other directories are a former run's. */
const ownDirectories = new Set<string>();

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a directory of `folder` is a spool directory whose process is gone. */
function leftover(name: string): boolean {
  const match = NAME.exec(name);
  if (!match || match[1] !== HOST_TAG) return false;
  const pid = Number(match[2]);
  return pid === process.pid ? !ownDirectories.has(name) : !processAlive(pid);
}

/** Removes the spool directories of this host's processes that are gone; returns their names. */
export async function removeLeftovers(folder: string, logger: Logger): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const removed = names.filter(leftover);
  await Promise.all(removed.map((name) => rm(join(folder, name), { recursive: true, force: true })));
  if (removed.length) logger.warn('upload spool leftovers removed', { folder, directories: removed });
  return removed;
}

/** Writes an upload's file to `path`, counting what waits in memory for the disk. */
function spoolWriter(path: string, held: HeldBytes, stream: WriteStream): SpoolWriter {
  const listeners: Array<(error: Error) => void> = [];
  let failure: Error | null = null;
  stream.on('error', (error) => {
    if (failure) return;
    failure = error;
    for (const listener of listeners) listener(error);
  });
  return {
    path,
    write(chunk, source) {
      held.hold(chunk.length);
      const more = stream.write(chunk, () => held.release(chunk.length));
      if (!more && !source.isPaused()) {
        source.pause();
        stream.once('drain', () => source.resume());
      }
    },
    finish: () =>
      new Promise<void>((resolve, reject) => {
        if (failure) {
          reject(failure);
          return;
        }
        stream.once('error', reject);
        stream.end(() => {
          stream.off('error', reject);
          resolve();
        });
      }),
    onError(listener) {
      if (failure) listener(failure);
      else listeners.push(listener);
    },
  };
}

export function uploadSpool(settings: SpoolSettings, logger: Logger): UploadSpool {
  const leftovers = removeLeftovers(settings.dir, logger);
  let made: string | null = null;
  let making: Promise<string> | null = null;
  let total = 0;
  const byOperator = new Map<string, number>();

  const ready = (): Promise<string> => {
    if (made) return Promise.resolve(made);
    making ??= leftovers.then(async () => {
      // Named here and known as this process's before it exists: another gateway of this process cleaning up at
      // that moment leaves it alone.
      const name = spoolDirectoryName(process.pid);
      ownDirectories.add(name);
      try {
        await mkdir(join(settings.dir, name), { mode: 0o700 });
      } catch (error) {
        ownDirectories.delete(name);
        // Tried again at the next upload (a folder mounted late, a full disk).
        making = null;
        logger.error('upload spool not available', { folder: settings.dir, error: String(error) });
        throw error;
      }
      return (made = join(settings.dir, name));
    });
    return making;
  };

  const room = (operator: string, bytes: number): SpoolRoom => {
    let stream: WriteStream | null = null;
    let released: Promise<void> | null = null;
    const giveBack = () => {
      total -= bytes;
      const left = (byOperator.get(operator) ?? bytes) - bytes;
      if (left > 0) byOperator.set(operator, left);
      else byOperator.delete(operator);
    };
    const remove = async () => {
      if (stream) {
        const file = stream;
        // Closed before it is removed: a file still opening would be created again after its removal.
        if (!file.closed) {
          await new Promise<void>((resolve) => {
            file.once('close', () => resolve());
            file.destroy();
          });
        }
        try {
          await rm(String(file.path), { force: true });
          spoolStats.filesRemoved++;
        } catch (error) {
          // Left to the next start's clean-up; the room is given back all the same.
          logger.error('upload spool file not removed', { error: String(error) });
        }
      }
      giveBack();
    };
    return {
      open(held) {
        // uploads.ts awaits ready() before the body is read.
        if (stream || !made) throw new Error('one file per upload, once the spool is ready');
        const path = join(made, randomUUID());
        stream = createWriteStream(path, { flags: 'wx', mode: 0o600, highWaterMark: WRITE_BUFFER_BYTES });
        spoolStats.filesCreated++;
        return spoolWriter(path, held, stream);
      },
      release: () => (released ??= remove()),
    };
  };

  return {
    ready,
    reserve(operator, bytes) {
      const mine = byOperator.get(operator) ?? 0;
      if (mine + bytes > settings.maxBytesPerOperator)
        return spoolFullForOperator(settings.maxBytesPerOperator);
      if (total + bytes > settings.maxBytes) return spoolFull();
      total += bytes;
      byOperator.set(operator, mine + bytes);
      return room(operator, bytes);
    },
    reserved: () => ({ total, byOperator }),
  };
}

/**
 * A spooled file read back in pieces of READ_PIECE_BYTES, each held (`held`) until the next one is asked for: what
 * the service's connection reads. The file is closed when the pieces end or the reader stops.
 */
export async function* filePieces(path: string, size: number, held: HeldBytes): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  let piece = 0;
  try {
    for (let at = 0; at < size;) {
      const buffer = Buffer.allocUnsafe(Math.min(READ_PIECE_BYTES, size - at));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, at);
      if (bytesRead === 0) throw new Error(`spooled file ended at ${at} of ${size} bytes`);
      held.release(piece);
      held.hold((piece = bytesRead));
      at += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    held.release(piece);
    await handle.close();
  }
}

/** Random access to a spooled file for the zip check: each read held until the next (zip-check.ts's ZipSource). */
export async function fileSource(
  path: string,
  size: number,
  held: HeldBytes,
): Promise<{
  size: number;
  read(position: number, length: number): Promise<Uint8Array>;
  close(): Promise<void>;
}> {
  const handle = await open(path, 'r');
  let last = 0;
  return {
    size,
    async read(position, length) {
      const buffer = Buffer.allocUnsafe(Math.max(0, Math.min(length, size - position)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      held.release(last);
      held.hold((last = bytesRead));
      return buffer.subarray(0, bytesRead);
    },
    async close() {
      held.release(last);
      last = 0;
      await handle.close();
    },
  };
}
