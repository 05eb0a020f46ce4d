/**
 * The multipart body an upload is forwarded with: written as fetch writes a FormData (the HTML multipart/form-data
 * encoding as undici frames it: its boundary's shape, its escapes, its line breaks, its default type, the CRLF after
 * the closing delimiter, a Content-Length), so the service receives the same request, but over the file's chunks
 * from where the file is: the upload's spooled file read piece by piece as the connection asks for it (spool.ts), or
 * chunks in memory sent as they are. A FormData holds its file as a Blob, a copy of the file that fetch copies again
 * as it sends it: an upload was in memory three or four times over.
 */
import { randomInt } from 'node:crypto';

export interface MultipartBody {
  /** `multipart/form-data; boundary=…` */
  contentType: string;
  /** The body's length in bytes (sent as Content-Length, as fetch does for a FormData). */
  length: number;
  /** The body, read once: its parts in order, the file's pieces (or chunks, not copies), one per pull. */
  stream: ReadableStream<Uint8Array>;
}

export interface BodyFile {
  /** The form field that carries it. */
  field: string;
  name: string;
  /** Its Content-Type; application/octet-stream when empty, as for a Blob without a type. */
  type: string;
  /** Its bytes: chunks in memory, or a spooled file's pieces (spool.ts filePieces, read when pulled) and size. */
  content: readonly Uint8Array[] | { size: number; pieces: AsyncIterator<Uint8Array> };
}

/** undici's: "----formdata-undici-0" and 11 random digits. */
export const newBoundary = (): string => `----formdata-undici-0${String(randomInt(1e11)).padStart(11, '0')}`;

const escapeQuoted = (text: string) => text.replace(/\n/g, '%0A').replace(/\r/g, '%0D').replace(/"/g, '%22');
const crlfLines = (text: string) => text.replace(/\r?\n|\r/g, '\r\n');

/** The text fields in order, then the file: the body fetch would send for that FormData. */
export function multipartBody(
  fields: ReadonlyArray<readonly [string, string]>,
  file: BodyFile,
  boundary = newBoundary(),
): MultipartBody {
  const prefix = `--${boundary}\r\nContent-Disposition: form-data`;
  const fieldParts = fields.map(
    ([name, value]) => `${prefix}; name="${escapeQuoted(crlfLines(name))}"\r\n\r\n${crlfLines(value)}\r\n`,
  );
  const fileHead =
    `${prefix}; name="${escapeQuoted(crlfLines(file.field))}"` +
    (file.name ? `; filename="${escapeQuoted(file.name)}"` : '') +
    `\r\nContent-Type: ${file.type || 'application/octet-stream'}\r\n\r\n`;
  const head = Buffer.from(fieldParts.join('') + fileHead);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const content = file.content;
  const { size, pieces }: { size: number; pieces: Iterator<Uint8Array> | AsyncIterator<Uint8Array> } =
    'pieces' in content
      ? content
      : {
          size: content.reduce((sum, chunk) => sum + chunk.byteLength, 0),
          pieces: content[Symbol.iterator](),
        };
  let stage: 'head' | 'file' | 'tail' | 'done' = 'head';
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: head.byteLength + size + tail.byteLength,
    // Not a byte stream: that one would take each chunk's buffer over (detach it) or need a copy of it.
    // A high-water mark of 0: a part is taken when the connection asks for it, not ahead.
    stream: new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (stage === 'head') {
            stage = 'file';
            controller.enqueue(head);
            return;
          }
          if (stage === 'file') {
            const piece = await pieces.next();
            if (!piece.done) {
              controller.enqueue(piece.value);
              return;
            }
            stage = 'tail';
          }
          if (stage === 'tail') {
            stage = 'done';
            controller.enqueue(tail);
          } else controller.close();
        },
        async cancel() {
          // The call was aborted: what is left is let go (a spooled file's reader closed).
          stage = 'done';
          await pieces.return?.();
        },
      },
      { highWaterMark: 0 },
    ),
  };
}
