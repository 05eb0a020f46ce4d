/**
 * HTTP/1.1 requests written byte by byte on a TCP socket, for what fetch cannot send: a body shorter than its
 * Content-Length, a client that leaves mid-body, a malformed multipart body, a large body sent until the server
 * closes the connection.
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** The status of the answer, null when none came before the connection closed. */
  status: number | null;
  /** Everything the server sent (read as UTF-8). */
  text: string;
  /** Body bytes the client had handed to its socket when the connection closed. */
  bytesSent: number;
}

export interface RawRequest {
  /** The gateway's base URL (http://127.0.0.1:port). */
  url: string;
  method?: string;
  path: string;
  /** Header lines in this order; an undefined value is not sent. */
  headers: Record<string, string | undefined>;
  /** Sent after the head, as is. */
  body?: Buffer;
  /**
   * More body after `body`: `total` bytes in all, sent in chunks as fast as the socket takes them, until the
   * server closes the connection; `chunked`: each chunk framed for `Transfer-Encoding: chunked`.
   */
  stream?: { total: number; chunked?: boolean };
  /**
   * More body after `body`, a trickle: these bytes one at a time, the next `everyMs` after the last, until all are
   * sent or the server closes the connection (a client that keeps an upload open by sending almost nothing).
   */
  trickle?: { bytes: Buffer; everyMs: number };
  /** Close the connection once `body` is written (the client leaves mid-upload): resolves with no answer. */
  leave?: boolean;
  /** Closes the connection when aborted (a held upload ends): resolves with what came before. */
  signal?: AbortSignal;
}

const STATUS_LINE = /^HTTP\/1\.1 (\d{3}) /;

function head({ method = 'POST', path, headers }: RawRequest, host: string): string {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Sends the request and reads until the server closes the connection (send `Connection: close`). */
export function rawRequest(request: RawRequest): Promise<RawAnswer> {
  const { hostname, port, host } = new URL(request.url);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    let bytesSent = 0;
    let closed = false;
    const done = () => {
      const text = Buffer.concat(received).toString('utf8');
      const status = STATUS_LINE.exec(text);
      resolve({ status: status ? Number(status[1]) : null, text, bytesSent });
    };
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // A server that closes while the client still writes may reset the connection: what came before counts.
    socket.on('error', () => undefined);
    socket.once('close', () => {
      closed = true;
      done();
    });
    request.signal?.addEventListener('abort', () => socket.destroy(), { once: true });
    socket.once('connect', () => {
      socket.write(head(request, host));
      if (request.body) {
        socket.write(request.body);
        bytesSent += request.body.length;
      }
      if (request.leave) {
        socket.destroy();
        return;
      }
      if (request.trickle) {
        const { bytes, everyMs } = request.trickle;
        let next = 0;
        const timer = setInterval(() => {
          if (closed || next >= bytes.length) {
            clearInterval(timer);
            return;
          }
          socket.write(bytes.subarray(next, next + 1));
          next++;
          bytesSent++;
        }, everyMs);
        socket.once('close', () => clearInterval(timer));
      }
      if (request.stream) {
        const { total, chunked = false } = request.stream;
        void pump(
          socket,
          total - bytesSent,
          chunked,
          (n) => (bytesSent += n),
          () => closed,
        );
      }
    });
  });
}

const CHUNK = Buffer.alloc(64 * 1024, 0x61);

async function pump(
  socket: Socket,
  total: number,
  chunked: boolean,
  sent: (n: number) => void,
  closed: () => boolean,
) {
  let left = total;
  while (left > 0 && !closed()) {
    const chunk = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
    if (chunked) socket.write(`${chunk.length.toString(16)}\r\n`);
    let flushed = socket.write(chunk);
    if (chunked) flushed = socket.write('\r\n');
    sent(chunk.length);
    left -= chunk.length;
    if (!flushed) {
      await new Promise<void>((resolve) => {
        socket.once('drain', resolve);
        socket.once('close', resolve);
      });
    }
  }
}
