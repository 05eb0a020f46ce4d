/**
 * The multipart body an upload is forwarded with: written as fetch writes a FormData (the HTML multipart/form-data
 * encoding as undici frames it: its boundary's shape, its escapes, its line breaks, its default type, the CRLF after
 * the closing delimiter, a Content-Length), so the service receives the same request, but over the file's chunks
 * as the reader kept them. A FormData holds its file as a Blob, a copy of the file that fetch copies again as it
 * sends it: an upload was in memory three or four times over (issue 65). Here each chunk is sent as it is.
 */
import { randomInt } from 'node:crypto';

export interface MultipartBody {
  /** `multipart/form-data; boundary=…` */
  contentType: string;
  /** The body's length in bytes (sent as Content-Length, as fetch does for a FormData). */
  length: number;
  /** The body, read once: its parts in order, the file's chunks themselves (not copies), one per pull. */
  stream: ReadableStream<Uint8Array>;
}

export interface BodyFile {
  /** The form field that carries it. */
  field: string;
  name: string;
  /** Its Content-Type; application/octet-stream when empty, as for a Blob without a type. */
  type: string;
  chunks: readonly Uint8Array[];
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
  const parts = [
    Buffer.from(fieldParts.join('') + fileHead),
    ...file.chunks,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  let next = 0;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: parts.reduce((sum, part) => sum + part.byteLength, 0),
    // Not a byte stream: that one would take each chunk's buffer over (detach it) or need a copy of it.
    // A high-water mark of 0: a part is taken when the connection asks for it, not ahead.
    stream: new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (next < parts.length) controller.enqueue(parts[next++]!);
          else controller.close();
        },
        cancel() {
          // The call was aborted: what is left is let go.
          parts.length = 0;
        },
      },
      { highWaterMark: 0 },
    ),
  };
}
