/**
 * Reads an upload's multipart body with busboy, refusing as early as it can: a declared Content-Length over the
 * limit before reading anything, a file of another extension or a bad file name as soon as its part starts, a
 * file over the limit as soon as it passes it, a content that does not match its extension once read. Nothing is
 * forwarded until the whole file is in and checked: the file is written to its spooled file as it comes (spool.ts;
 * the parser waits while the disk is behind), never held whole in memory, and forwarded from there (form-body.ts).
 *
 * A body that sends nothing for `idleMs` (a client stalled or gone silent), or that is not all in after `totalMs`
 * however it trickles (one byte every few seconds re-arms the idle timer), is ended with a 408 refusal
 * and what it had sent is let go, instead of being held until the server's request timeout.
 *
 * Every stream of the upload has its errors handled here, where they happen: the request (a client that
 * disconnects), the parser (a malformed or cut body) and each file stream (busboy destroys the file stream of a
 * body that ends inside it, with an 'error' that would otherwise stop the process), and the spooled file's writes
 * (a disk full: 503). Each becomes a refusal.
 */
import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import {
  BAD_FORM_MESSAGE,
  EMPTY_FILE_MESSAGE,
  FileRefusal,
  NO_FILE_MESSAGE,
  badRequest,
  clientGone,
  notMultipart,
  spoolUnavailable,
  tooLarge,
  uploadIdle,
  uploadTooSlow,
  wrongType,
} from './refusals.js';
import { cleanText, problemMessage, textProblem } from '../limits/input-guard.js';
import { SNIFF_BYTES, contentMatches, formatList, formatOf } from './sniff.js';
import type { SpoolWriter } from './spool.js';
import type { UploadDefinition, UploadFormat } from './types.js';

export interface ParsedUpload {
  fields: Record<string, string>;
  /** `path`: the spooled file holding its `size` bytes, all on disk and closed. */
  file: { name: string; format: UploadFormat; mimeType: string; path: string; size: number };
}

/** Largest text field accepted (inclusive). */
export const MAX_FIELD_BYTES = 4096;
/** Most text fields accepted (inclusive), besides the file. */
export const MAX_FIELDS = 50;
/** Room for one part's delimiter line and headers (busboy refuses a part header over 16 KiB). */
const PART_FRAMING_BYTES = 16 * 1024 + 256;
/**
 * Room on top of the file in a declared Content-Length: the largest form the limits accept (every field at its
 * largest, every part's framing), so that a form within every limit is never refused by its declared length.
 */
export const FORM_OVERHEAD_BYTES = (MAX_FIELDS + 1) * PART_FRAMING_BYTES + MAX_FIELDS * MAX_FIELD_BYTES;

/** Refusals that can be decided from the headers alone (before reading the body). */
export function checkUploadHeaders(req: IncomingMessage, definition: UploadDefinition): void {
  if (!/^multipart\/form-data\s*;/i.test(req.headers['content-type'] ?? '')) throw notMultipart();
  const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding !== 'identity') throw notMultipart();
  const declared = req.headers['content-length'];
  if (declared !== undefined && !(Number(declared) <= definition.maxBytes + FORM_OVERHEAD_BYTES)) {
    throw tooLarge(definition.maxBytes);
  }
}

const formError = (detail: string) => badRequest(BAD_FORM_MESSAGE, detail);

/**
 * How long an upload's body may take: `idleMs` without a byte, `totalMs` in all (GatewayConfig's `uploads`); and
 * where its file goes (`openFile`: its spooled file, spool.ts).
 */
export interface UploadReading {
  idleMs: number;
  totalMs: number;
  openFile(): SpoolWriter;
}

/** busboy over the request, with the route's limits (inclusive), or null when the body is not multipart. */
function multipartParser(req: IncomingMessage, definition: UploadDefinition): busboy.Busboy | null {
  try {
    return busboy({
      headers: req.headers,
      // File names (filename and filename*) are read as UTF-8, as browsers send them (busboy's default: Latin-1).
      defParamCharset: 'utf8',
      // busboy's limits are reached AT the number (a file of exactly `fileSize` bytes is "truncated"): one more
      // than ours, so that ours are inclusive as documented.
      limits: {
        fileSize: definition.maxBytes + 1,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES + 1,
        parts: MAX_FIELDS + 2,
      },
    });
  } catch {
    return null;
  }
}

/** A text field of the form kept in `fields` when the route wants it; its refusal, if any. */
function readField(
  fields: Record<string, string>,
  wanted: ReadonlySet<string>,
  name: string,
  value: string,
  truncated: boolean,
): FileRefusal | null {
  if (truncated) return formError(`field "${name.slice(0, 64)}" over ${MAX_FIELD_BYTES} bytes`);
  if (!wanted.has(name)) return null;
  // Forwarded upstream as text: a NUL is refused there like in any GraphQL argument (busboy's UTF-8 decoding leaves
  // no lone surrogate), and invisible format characters are removed as from any of them.
  const problem = textProblem(value);
  if (problem) return badRequest(problemMessage(problem, name.slice(0, 64)), `field "${name.slice(0, 64)}"`);
  fields[name] = cleanText(value);
  return null;
}

export function parseUpload(
  req: IncomingMessage,
  definition: UploadDefinition,
  { idleMs, totalMs, openFile }: UploadReading,
): Promise<ParsedUpload> {
  const fileField = definition.fileField ?? 'file';
  const wanted = new Set(definition.fields ?? []);
  const accepted = formatList(definition.accept);
  return new Promise<ParsedUpload>((resolve, reject) => {
    const parser = multipartParser(req, definition);
    if (!parser) {
      reject(notMultipart());
      return;
    }
    const fields: Record<string, string> = {};
    let file: ParsedUpload['file'] | null = null;
    const delimiters = delimiterCounter(boundaryOf(req.headers['content-type']));
    /** The parts busboy reported (fields and files). */
    let parts = 0;
    /** The file part's end (busboy may close before the file stream's 'end' is delivered). */
    let fileRead: Promise<void> = Promise.resolve();
    let settled = false;
    let idle: NodeJS.Timeout | undefined;
    // The whole body's bound, from the moment it may be read (a trickle re-arms `idle`, never this one).
    const total = setTimeout(() => fail(uploadTooSlow(totalMs)), totalMs);
    const stopWatching = () => {
      clearTimeout(idle);
      clearTimeout(total);
      req.off('data', watch);
    };
    const fail = (refusal: FileRefusal) => {
      if (settled) return;
      settled = true;
      stopWatching();
      req.unpipe(parser);
      req.off('data', delimiters.push);
      req.off('close', onClose);
      req.off('error', onRequestError);
      // The parser gets nothing more; it keeps a listener on 'error' (so does every file stream, below): nothing it
      // could still emit is unhandled. It is not destroyed here: fail() may run inside one of its callbacks.
      parser.removeAllListeners();
      parser.on('error', () => undefined);
      reject(refusal);
    };
    /** The request closed before the whole body came: the client has gone. */
    const onClose = () => {
      if (!req.complete) fail(clientGone());
    };
    const onRequestError = (error: Error) => fail(clientGone(String(error)));
    /** Each chunk of the body re-arms the idle timer. */
    function watch() {
      clearTimeout(idle);
      idle = setTimeout(() => fail(uploadIdle(idleMs)), idleMs);
    }

    parser.on('field', (name, value, info) => {
      parts++;
      const refusal = readField(fields, wanted, name, value, info.valueTruncated);
      if (refusal) fail(refusal);
    });
    parser.on('file', (name, stream, info) => {
      parts++;
      // Any file stream may be destroyed with an error (a body cut inside it): always listened to.
      stream.on('error', (error) => fail(formError(`file part: ${error.message}`)));
      if (name !== fileField || file) {
        stream.resume();
        return;
      }
      const fileName = info.filename ?? '';
      const badName = fileNameProblem(fileName);
      if (badName) {
        stream.resume();
        fail(badRequest(badName));
        return;
      }
      const format = formatOf(fileName, definition.accept);
      if (!format) {
        stream.resume();
        fail(wrongType(accepted));
        return;
      }
      const writer = openFile();
      fileRead = spoolFilePart(stream, writer, definition.maxBytes, fail, () => settled).then((part) => {
        if (!part || settled) return;
        if (part.size === 0) fail(badRequest(EMPTY_FILE_MESSAGE));
        else if (!contentMatches(format, part.leading)) fail(wrongType(accepted));
        else file = { name: fileName, format, mimeType: info.mimeType, path: writer.path, size: part.size };
      });
    });
    parser.on('partsLimit', () => fail(formError(`more than ${MAX_FIELDS + 1} parts`)));
    parser.on('fieldsLimit', () => fail(formError(`more than ${MAX_FIELDS} fields`)));
    parser.on('filesLimit', () => fail(formError('more than one file')));
    parser.on('error', (error: Error) => fail(formError(error.message)));
    parser.on('close', () => {
      void fileRead.then(() => {
        if (settled) return;
        // Each delimiter in the body opens a part busboy reported, the last one closes the form: a delimiter it
        // read as something else (one inside a part's header) means the form is not what it seems.
        if (delimiters.count() !== parts + 1) {
          fail(formError(`${delimiters.count()} delimiters for ${parts} parts`));
          return;
        }
        if (!file) {
          fail(badRequest(NO_FILE_MESSAGE));
          return;
        }
        settled = true;
        stopWatching();
        req.off('close', onClose);
        req.off('error', onRequestError);
        resolve({ fields, file });
      });
    });
    // Not read yet, the request is destroyed only when its client has gone (while the token was checked).
    if (req.destroyed) {
      fail(clientGone('client closed the connection before the body was read'));
      return;
    }
    req.on('close', onClose);
    req.on('error', onRequestError);
    req.on('data', delimiters.push);
    req.on('data', watch);
    // A body all in is not stalled, whatever its parsing still takes.
    req.once('end', stopWatching);
    watch();
    req.pipe(parser);
  });
}

/**
 * The route's file part written to its spooled file as it comes, its size and first bytes counted: settles with them
 * once it is all on disk, or null when it failed (`fail` told why: over the limit, the disk) or the upload did.
 */
function spoolFilePart(
  stream: Readable & { truncated?: boolean },
  writer: SpoolWriter,
  maxBytes: number,
  fail: (refusal: FileRefusal) => void,
  settled: () => boolean,
): Promise<{ size: number; leading: Buffer } | null> {
  return new Promise((resolve) => {
    let size = 0;
    const leading = leadingBytes();
    const diskFailed = (error: Error) => {
      fail(spoolUnavailable(`spool: ${error.message}`));
      resolve(null);
    };
    writer.onError(diskFailed);
    // Destroyed without its end (a body cut inside it): its 'error' refused the upload.
    stream.on('close', () => {
      if (!stream.readableEnded) resolve(null);
    });
    stream.on('data', (chunk: Buffer) => {
      if (settled()) return;
      size += chunk.length;
      leading.push(chunk);
      // Past the limit nothing more is written: busboy's 'limit' refuses it.
      if (size <= maxBytes) writer.write(chunk, stream);
    });
    stream.on('limit', () => {
      stream.resume();
      fail(tooLarge(maxBytes));
    });
    stream.on('end', () => {
      if (settled() || stream.truncated) resolve(null);
      else writer.finish().then(() => resolve({ size, leading: leading.bytes() }), diskFailed);
    });
  });
}

/** The first SNIFF_BYTES of a file read in chunks, all the sniff reads: copied, no request buffer is kept for them. */
function leadingBytes() {
  let leading = Buffer.alloc(0);
  return {
    push: (chunk: Buffer) => {
      if (leading.length >= SNIFF_BYTES) return;
      leading = Buffer.concat([leading, chunk], Math.min(SNIFF_BYTES, leading.length + chunk.length));
    },
    bytes: () => leading,
  };
}

/** The boundary parameter of a multipart Content-Type (busboy has checked there is one). */
function boundaryOf(contentType: string | undefined): string {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2] ?? '';
}

/**
 * Counts the delimiters (CRLF "--" boundary, the first one without its CRLF) of a body read in chunks, a
 * delimiter cut between two chunks included. A delimiter cannot overlap itself (a boundary holds no CR), so the
 * count is the delimiters that start in the previous chunks' tail plus those that start in the chunk. Only the
 * seam is copied, never the chunk: a copy of every chunk would be another upload's worth of garbage.
 */
export function delimiterCounter(boundary: string) {
  const needle = Buffer.from(`\r\n--${boundary}`);
  /** The bytes a delimiter cut by the next chunk may start in (a CRLF before the body's first one). */
  const keep = needle.length - 1;
  let tail = Buffer.from('\r\n');
  let count = 0;
  const countIn = (data: Buffer, below = data.length) => {
    for (
      let at = data.indexOf(needle);
      at !== -1 && at < below;
      at = data.indexOf(needle, at + needle.length)
    ) {
      count++;
    }
  };
  return {
    push: (chunk: Buffer) => {
      countIn(Buffer.concat([tail, chunk.subarray(0, keep)]), tail.length);
      countIn(chunk);
      const last = chunk.length >= keep ? chunk : Buffer.concat([tail, chunk]);
      // Copied: a view would keep the request's whole buffer.
      tail = Buffer.from(last.subarray(Math.max(0, last.length - keep)));
    },
    count: () => count,
  };
}

/** Longest file name accepted (characters, inclusive). */
export const MAX_FILE_NAME_LENGTH = 255;
/** Control characters (C0, DEL, C1), Unicode format characters (bidi overrides...) and line separators. */
const FORBIDDEN_NAME_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** Why a file name is refused (a Spanish message), or null when it is fine. */
export function fileNameProblem(name: string): string | null {
  if (FORBIDDEN_NAME_CHARACTERS.test(name)) {
    return 'El nombre del archivo no es válido: contiene caracteres de control.';
  }
  if ([...name].length > MAX_FILE_NAME_LENGTH) {
    return `El nombre del archivo es demasiado largo (máximo ${MAX_FILE_NAME_LENGTH} caracteres).`;
  }
  return null;
}
