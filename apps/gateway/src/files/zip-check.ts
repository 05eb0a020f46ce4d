/**
 * The zip checks of an XLSX (or ZIP) upload before it is forwarded: a decompression bomb (a 100 KB file that
 * expands to 100 MB) must not reach a service. Two passes over the archive read piece by piece (a spooled file,
 * spool.ts: never the whole file in memory), stopping at the first limit passed:
 * 1. the central directory (what the archive declares: entry count, sizes), read from the file's end without
 *    inflating anything: its fixed records (end of central directory, ZIP64 locator and record, file headers) are
 *    read here, field by field, in a window of the file;
 * 2. every entry really inflated by fflate's streaming Unzip (no dependencies, engines-free pure JS), in small
 *    steps, counting the bytes out and stopping as soon as a limit is passed (a declared size may lie); nothing
 *    inflated is kept, and one step inflates to at most ~1,032 times STEP_BYTES.
 * Limits (GatewayConfig.zipLimits, docs/operations.md): entries, total uncompressed bytes, and the ratio of the
 * total uncompressed size to the file's size (checked once the total passes RATIO_GRACE_BYTES: a small archive
 * cannot be a bomb, and small files compress unevenly).
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Unzip, UnzipInflate } from 'fflate';

/** An archive read by position: a spooled file (spool.ts fileSource), or bytes in memory. */
export interface ZipSource {
  size: number;
  /** At most `length` bytes from `position` (fewer at the file's end). */
  read(position: number, length: number): Promise<Uint8Array>;
}

/** What the check holds besides its reads: the inflated output of a step (spool.ts HeldBytes). */
export interface HeldCounter {
  hold(bytes: number): void;
  release(bytes: number): void;
}

const bytesSource = (bytes: Uint8Array): ZipSource => ({
  size: bytes.length,
  read: (position, length) => Promise.resolve(bytes.subarray(position, position + length)),
});

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
/**
 * Compressed bytes inflated per step: at most ~1,032 times that comes out of one step (~0.5 MiB, and fflate's copy
 * of it), within an upload's memory.
 */
const STEP_BYTES = 512;
/** Bytes read from the archive at a time (a window of the directory, a piece of the entries). */
const READ_BYTES = 64 * 1024;
/** Steps between two yields to the event loop. */
const STEPS_PER_YIELD = 128;

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

/** The signatures of the records read: end of central directory, ZIP64's locator and end, a directory header. */
const SIGNATURE = { end: 0x06054b50, zip64Locator: 0x07064b50, zip64End: 0x06064b50, header: 0x02014b50 };
/** The end of central directory record without its comment, and its comment's longest. */
const END_BYTES = 22;
const MAX_COMMENT = 0xffff;
/** A 32-bit size or offset, or a 16-bit count, at its largest: the real value is in the ZIP64 fields. */
const ZIP64_MARK = { u32: 0xffffffff, u16: 0xffff };

/** Little-endian fields of the archive at a position, read through a window of READ_BYTES (the last read only). */
function fieldsOf(source: ZipSource) {
  let start = 0;
  let bytes: Uint8Array = new Uint8Array(0);
  /** The `length` bytes at `position`, or null past the file's end. */
  return async (position: number, length: number): Promise<DataView | null> => {
    if (position < 0 || position + length > source.size) return null;
    if (position < start || position + length > start + bytes.length) {
      bytes = await source.read(position, Math.max(length, READ_BYTES));
      start = position;
    }
    return new DataView(bytes.buffer, bytes.byteOffset + position - start, length);
  };
}

type Fields = ReturnType<typeof fieldsOf>;
const u64 = (view: DataView, at: number) => Number(view.getBigUint64(at, true));

/** Where the directory is and how many entries it declares, from the end of central directory (and ZIP64's). */
async function directoryEnd(
  at: Fields,
  size: number,
): Promise<{ entries: number; offset: number } | 'unreadable'> {
  let end: number | null = null;
  // Its signature is searched from the file's end back over the longest comment, as fflate and unzip do.
  const tail = Math.min(size, END_BYTES + MAX_COMMENT);
  const window = await at(size - tail, tail);
  for (let i = tail - END_BYTES; window && i >= 0 && end === null; i--) {
    if (window.getUint32(i, true) === SIGNATURE.end) end = size - tail + i;
  }
  const record = end === null ? null : await at(end, END_BYTES);
  if (end === null || !record) return 'unreadable';
  let entries = record.getUint16(10, true);
  let offset = record.getUint32(16, true);
  if (entries === ZIP64_MARK.u16 || offset === ZIP64_MARK.u32) {
    const locator = await at(end - 20, 20);
    if (locator?.getUint32(0, true) === SIGNATURE.zip64Locator) {
      const zip64 = await at(u64(locator, 8), 56);
      if (zip64?.getUint32(0, true) !== SIGNATURE.zip64End) return 'unreadable';
      entries = u64(zip64, 32);
      offset = u64(zip64, 48);
    }
  }
  return { entries, offset };
}

/** One directory header's uncompressed size (its ZIP64 extra field's when the header's is 0xFFFFFFFF). */
function uncompressedSize(header: DataView, extra: DataView | null): number | null {
  const declaredSize = header.getUint32(24, true);
  if (declaredSize !== ZIP64_MARK.u32) return declaredSize;
  for (let i = 0; extra && i + 4 <= extra.byteLength; i += 4 + extra.getUint16(i + 2, true)) {
    if (extra.getUint16(i, true) === 1 && i + 12 <= extra.byteLength) return u64(extra, i + 4);
  }
  return null;
}

/**
 * What the central directory declares, read entry by entry from its end record: the first limit it passes, or
 * 'unreadable' (no directory, a header out of place, no entry), or null.
 */
async function declared(source: ZipSource, limits: ZipLimits): Promise<ZipProblem | null> {
  const at = fieldsOf(source);
  const end = await directoryEnd(at, source.size);
  if (end === 'unreadable' || end.entries === 0) return 'unreadable';
  if (end.entries > limits.maxEntries) return 'entries';
  let uncompressed = 0;
  for (let entry = 0, position = end.offset; entry < end.entries; entry++) {
    const header = await at(position, 46);
    if (header?.getUint32(0, true) !== SIGNATURE.header) return 'unreadable';
    const nameBytes = header.getUint16(28, true);
    const extraBytes = header.getUint16(30, true);
    const commentBytes = header.getUint16(32, true);
    const size = uncompressedSize(
      header,
      extraBytes ? await at(position + 46 + nameBytes, extraBytes) : null,
    );
    if (size === null) return 'unreadable';
    uncompressed += size;
    const problem = overLimits(entry + 1, uncompressed, source.size, limits);
    if (problem) return problem;
    position += 46 + nameBytes + extraBytes + commentBytes;
  }
  return null;
}

/** Inflates every entry, counting; stops at the first limit passed. */
async function inflated(
  source: ZipSource,
  limits: ZipLimits,
  held: HeldCounter | undefined,
): Promise<ZipProblem | null> {
  let entries = 0;
  let uncompressed = 0;
  let problem: ZipProblem | null = null;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    entries++;
    problem ??= overLimits(entries, uncompressed, source.size, limits);
    if (problem) return;
    file.ondata = (error, chunk) => {
      if (problem) return;
      if (error) {
        problem = 'unreadable';
        return;
      }
      // Let go as soon as it is counted: what a step inflates is all it holds.
      held?.hold(chunk.length);
      held?.release(chunk.length);
      uncompressed += chunk.length;
      problem = overLimits(entries, uncompressed, source.size, limits);
      if (problem) file.terminate();
    };
    file.start();
  };
  try {
    let step = 0;
    for (let read = 0; read < source.size && !problem;) {
      const piece = await source.read(read, READ_BYTES);
      if (piece.length === 0) return 'unreadable';
      for (let at = 0; at < piece.length && !problem; at += STEP_BYTES, step++) {
        const last = read + at + STEP_BYTES >= source.size;
        unzip.push(piece.subarray(at, at + STEP_BYTES), last);
        if (step % STEPS_PER_YIELD === STEPS_PER_YIELD - 1) await yieldToEventLoop();
      }
      read += piece.length;
    }
  } catch {
    return 'unreadable';
  }
  return problem;
}

/**
 * The first problem of a zip archive (its bytes, or a source read by position) against the limits, or null when it
 * may be forwarded. `held` counts what inflating holds at a time.
 */
export async function zipProblem(
  archive: Uint8Array | ZipSource,
  limits: ZipLimits,
  held?: HeldCounter,
): Promise<ZipProblem | null> {
  const source = archive instanceof Uint8Array ? bytesSource(archive) : archive;
  return (await declared(source, limits)) ?? (await inflated(source, limits, held));
}
