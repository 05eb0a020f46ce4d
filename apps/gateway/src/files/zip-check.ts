/**
 * The zip checks of an XLSX (or ZIP) upload before it is forwarded: a decompression bomb (a 100 KB file that
 * expands to 100 MB) must not reach a service. Two passes with fflate (no dependencies, engines-free pure JS):
 * 1. the central directory (what the archive declares: entry count, sizes), read without inflating anything;
 * 2. every entry really inflated, in small steps, counting the bytes out and stopping as soon as a limit is
 *    passed (a declared size may lie); nothing inflated is kept.
 * Limits (GatewayConfig.zipLimits, docs/operations.md): entries, total uncompressed bytes, and the ratio of the
 * total uncompressed size to the file's size (checked once the total passes RATIO_GRACE_BYTES: a small archive
 * cannot be a bomb, and small files compress unevenly).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Unzip, UnzipInflate, unzipSync } from 'fflate';

export interface ZipLimits {
  /** Most entries (files and folders) an archive may hold. */
  maxEntries: number;
  /** Most bytes its entries may expand to, together. */
  maxUncompressedBytes: number;
  /** Most times its file size the entries may expand to, together. */
  maxRatio: number;
}

export type ZipProblem = 'unreadable' | 'entries' | 'size' | 'ratio';

/** Below this total uncompressed size the ratio is not checked. */
export const RATIO_GRACE_BYTES = 1024 * 1024;
/** Compressed bytes inflated per step: at most ~1,032 times that comes out of one step. */
const STEP_BYTES = 4 * 1024;
/** Steps between two yields to the event loop. */
const STEPS_PER_YIELD = 64;

function overLimits(
  entries: number,
  uncompressed: number,
  fileSize: number,
  limits: ZipLimits,
): ZipProblem | null {
  if (entries > limits.maxEntries) return 'entries';
  if (uncompressed > limits.maxUncompressedBytes) return 'size';
  if (uncompressed > RATIO_GRACE_BYTES && uncompressed > limits.maxRatio * fileSize) return 'ratio';
  return null;
}

/** What the central directory declares, or 'unreadable'. */
function declared(bytes: Uint8Array): { entries: number; uncompressed: number } | 'unreadable' {
  let entries = 0;
  let uncompressed = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries++;
        uncompressed += file.originalSize;
        return false;
      },
    });
  } catch {
    return 'unreadable';
  }
  return entries === 0 ? 'unreadable' : { entries, uncompressed };
}

/** Inflates every entry, counting; stops at the first limit passed. */
async function inflated(bytes: Uint8Array, limits: ZipLimits): Promise<ZipProblem | null> {
  let entries = 0;
  let uncompressed = 0;
  let problem: ZipProblem | null = null;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    entries++;
    problem ??= overLimits(entries, uncompressed, bytes.length, limits);
    if (problem) return;
    file.ondata = (error, chunk) => {
      if (problem) return;
      if (error) {
        problem = 'unreadable';
        return;
      }
      uncompressed += chunk.length;
      problem = overLimits(entries, uncompressed, bytes.length, limits);
      if (problem) file.terminate();
    };
    file.start();
  };
  try {
    for (let at = 0, step = 0; at < bytes.length && !problem; at += STEP_BYTES, step++) {
      unzip.push(bytes.subarray(at, at + STEP_BYTES), at + STEP_BYTES >= bytes.length);
      if (step % STEPS_PER_YIELD === STEPS_PER_YIELD - 1) await yieldToEventLoop();
    }
  } catch {
    return 'unreadable';
  }
  return problem;
}

/** The first problem of a zip archive against the limits, or null when it may be forwarded. */
export async function zipProblem(bytes: Uint8Array, limits: ZipLimits): Promise<ZipProblem | null> {
  const directory = declared(bytes);
  if (directory === 'unreadable') return 'unreadable';
  return (
    overLimits(directory.entries, directory.uncompressed, bytes.length, limits) ??
    (await inflated(bytes, limits))
  );
}
