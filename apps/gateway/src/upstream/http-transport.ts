/**
 * The RestClient's transport: one HTTP exchange over `node:http`/`node:https` through a keep-alive Agent shared by
 * the whole process. Measured against undici's global `fetch` (bench/README.md): −0.7 to −1.3 CPU ms per payment
 * detail request (three upstream calls) and −1.5 to −2.7 per list, because there is no WHATWG Request/Response/
 * Headers/stream machinery and no `AbortSignal.timeout` per call (one plain timer instead).
 */
import { Buffer } from 'node:buffer';
import {
  Agent as HttpAgent,
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * One Agent per protocol for the whole process (every RestClient of every GraphQL request shares its sockets).
 * - `maxSockets` bounds the connections per upstream origin (the stubs serve every service from one origin);
 *   calls beyond it wait for a free socket, inside their own timeout.
 * - `scheduling: 'lifo'` reuses the most recently used socket, so a quiet period lets the others expire instead
 *   of keeping every socket barely alive.
 * - `timeout` closes an idle socket after 4 s, like undici's default keep-alive timeout; Node's Agent also honours
 *   a shorter `Keep-Alive: timeout=N` hint of the server (N − 1 s). On a socket in use it only emits 'timeout',
 *   which nothing listens to: the per-call deadline below is what bounds a call.
 */
export const AGENT_OPTIONS = {
  keepAlive: true,
  maxSockets: 64,
  scheduling: 'lifo',
  timeout: 4_000,
} as const;

const httpAgent = new HttpAgent(AGENT_OPTIONS);
const httpsAgent = new HttpsAgent(AGENT_OPTIONS);

export interface RawAnswer {
  status: number;
  /** The body decoded as UTF-8 (a leading byte-order mark removed, as `Response.text()` does). */
  text: string;
}

/** The deadline of a call passed: the transport destroyed the request. Mapped to UpstreamTimeout. */
export class TransportTimeout extends Error {
  override readonly name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`no complete answer within ${timeoutMs} ms`);
  }
}

/** The socket closed before the whole answer arrived (the connection was lost mid-request). */
const prematureClose = (): NodeJS.ErrnoException =>
  Object.assign(new Error('connection closed before the answer ended'), { code: 'ECONNRESET' });

/**
 * Errors of a request written on a socket the server had already closed while it sat idle in the pool (the
 * race every keep-alive client has). Only GETs are retried on a fresh socket: a write may have been received.
 */
const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE']);

function decoded(res: IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  // No Accept-Encoding is sent, so upstreams answer in identity; decode anyway if one compresses regardless.
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(createGunzip());
  if (encoding === 'deflate') return res.pipe(createInflate());
  if (encoding === 'br') return res.pipe(createBrotliDecompress());
  return res;
}

export interface ExchangeOptions {
  method: string;
  headers: OutgoingHttpHeaders;
  body: string | undefined;
  /** Deadline of the whole exchange (waiting for a socket, connecting, sending, the full answer). */
  timeoutMs: number;
}

/**
 * Sends one request and reads the whole answer within `timeoutMs`. Rejects with TransportTimeout when the
 * deadline passes (the request is destroyed), or with the network error as Node reports it (`code`
 * ECONNREFUSED, ENOTFOUND... when no connection could be opened; ECONNRESET when it was lost mid-request), which
 * is what tells a write that never left from one whose outcome is unknown (outcome.ts).
 */
export function exchange(url: string, options: ExchangeOptions): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    let settled = false;
    let req: ClientRequest | undefined;
    const deadline = setTimeout(() => {
      settle(() => reject(new TransportTimeout(options.timeoutMs)));
      req?.destroy();
    }, options.timeoutMs);
    const settle = (done: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      done();
    };

    const attempt = (retryOnStaleSocket: boolean): void => {
      let answered = false;
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      try {
        req = send(
          url,
          {
            method: options.method,
            headers: options.headers,
            agent: url.startsWith('https:') ? httpsAgent : httpAgent,
          },
          (res) => {
            answered = true;
            const status = res.statusCode ?? 0;
            const body = decoded(res);
            const chunks: Buffer[] = [];
            let length = 0;
            body.on('data', (chunk: Buffer) => {
              chunks.push(chunk);
              length += chunk.length;
            });
            body.on('end', () => {
              let text =
                chunks.length === 1
                  ? chunks[0]!.toString('utf8')
                  : Buffer.concat(chunks, length).toString('utf8');
              if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
              settle(() => resolve({ status, text }));
            });
            body.on('error', (error) => settle(() => reject(error)));
            if (body !== res) res.on('error', (error) => settle(() => reject(error)));
            res.on('close', () => {
              if (!res.complete) settle(() => reject(prematureClose()));
            });
          },
        );
      } catch (error) {
        // Invalid URL or header value: thrown before anything was sent.
        settle(() => reject(error));
        return;
      }
      const current = req;
      current.on('error', (error: NodeJS.ErrnoException) => {
        if (settled) return;
        if (
          retryOnStaleSocket &&
          !answered &&
          current.reusedSocket &&
          STALE_SOCKET_CODES.has(error.code ?? '')
        ) {
          attempt(false);
          return;
        }
        settle(() => reject(error));
      });
      current.end(options.body);
    };

    attempt(options.method === 'GET');
  });
}
