/**
 * A downloaded file's answer: its name (Content-Disposition both ways), whether it is a CSV, and its body written
 * with the status and headers going out with its first byte; an upstream body read chunk by chunk within the read
 * timeout.
 */
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UpstreamTimeout } from '../upstream/errors.js';
import { neutralisedCsv } from './csv-formulas.js';
import type { UpstreamTarget } from './types.js';
import type { FileCall } from './upstream-call.js';

/** Content-Disposition with the file name: an ASCII fallback and the RFC 5987 UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A CSV by its type or, when the service says nothing useful, by its name. */
export const isCsv = (contentType: string, fileName: string): boolean =>
  /^\s*(?:text|application)\/(?:csv|comma-separated-values)\b/i.test(contentType) || /\.csv$/i.test(fileName);

/** The file name an upstream Content-Disposition carries, if any (UTF-8 form first). */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const utf8 = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1].trim());
    } catch {
      /* fall back to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() || null;
}

/**
 * Writes a file's body, a CSV's formulas made inert on the way (csv-formulas.ts): the status and `headers` go with
 * its first byte, so a source that fails before it (an upstream that answers and then breaks or stalls, a store
 * query) throws here with nothing sent, and is answered as a Spanish refusal instead of a 200 cut short.
 */
export async function sendBody(
  res: ServerResponse,
  source: AsyncIterable<string | Uint8Array>,
  csv: boolean,
  headers: () => void,
): Promise<void> {
  const chunks = (csv ? neutralisedCsv(source) : source)[Symbol.asyncIterator]();
  const first = await chunks.next();
  res.statusCode = 200;
  headers();
  const rest = (async function* () {
    if (!first.done) yield first.value;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  })();
  await pipeline(Readable.from(rest), res);
}

/**
 * An upstream file's body, chunk by chunk: a wait of more than `timeoutMs` for the next chunk aborts the call
 * (UpstreamTimeout). Only the wait for the service is timed, not a browser slow to read what it was given.
 */
export async function* watchedBody(call: FileCall, target: UpstreamTarget, timeoutMs: number) {
  const { body } = call.response;
  if (!body) return;
  const chunks = (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  let idle: NodeJS.Timeout | undefined;
  try {
    for (;;) {
      idle = setTimeout(
        () => call.abort(new UpstreamTimeout(target.service, 'GET', target.path, timeoutMs)),
        timeoutMs,
      );
      const next = await chunks.next();
      clearTimeout(idle);
      if (next.done) return;
      yield next.value;
    }
  } finally {
    clearTimeout(idle);
  }
}
