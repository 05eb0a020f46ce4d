/**
 * A small HTTP proxy between the gateway and the stubs that adds the one fault the stubs cannot make: a write
 * the upstream COMMITTED whose answer is lost (the proxy waits for the stubs' full answer, then never replies,
 * as when a connection drops after the service wrote). The stubs' own faults (errors and hangs) happen before
 * their handlers, so without this every timed-out write would be one that did not commit.
 *
 * Which writes lose their answer is decided by a hash of (seed, x-request-id, method, path), so a run
 * reproduces whatever the order of arrival; `loseNext` forces it for the next write(s).
 */
import { createHash } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LostAnswer {
  requestId: string | null;
  method: string;
  path: string;
  /** HTTP status the stubs answered (and the gateway never saw). */
  status: number;
}

export interface FaultProxy {
  /** Base URL: `${url}/payment` is the payment service behind it, and so on. */
  readonly url: string;
  /** Where requests go (the stubs' base URL); set once the stubs run. */
  target: string | null;
  /** Share of writes (non-GET) whose answer is lost after the stubs answered. */
  lostAnswerRate: number;
  /** Forces the next `n` writes to lose their answer (whatever the rate). */
  loseNext(n?: number): void;
  /** The next `n` writes are never forwarded nor answered: a hang before the upstream saw them. */
  hangNext(n?: number): void;
  /**
   * The next write is forwarded (the stubs apply it) but the gateway gets this answer instead of theirs: a
   * load balancer's 502/504 page, or a 2xx whose body cannot be read.
   */
  replaceNextAnswer(answer: { status: number; contentType: string; body: string }): void;
  /** Writes held back by `hangNext` (never reached the stubs). */
  readonly held: Array<{ requestId: string | null; method: string; path: string }>;
  /** Writes whose answer was lost, oldest first. */
  readonly lost: LostAnswer[];
  close(): Promise<void>;
}

/** A number in [0, 1) from the seed and the request's identity. */
function draw(seed: number, requestId: string | null, method: string, path: string): number {
  const digest = createHash('sha256')
    .update(`${seed}|${requestId ?? '-'}|${method} ${path}`)
    .digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host']);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startFaultProxy(options: {
  seed: number;
  lostAnswerRate?: number;
}): Promise<FaultProxy> {
  const sockets = new Set<Socket>();
  const lost: LostAnswer[] = [];
  let forced = 0;
  let hang = 0;
  const held: FaultProxy['held'] = [];
  const replacements: Array<{ status: number; contentType: string; body: string }> = [];

  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    if (!proxy.target) throw new Error('fault proxy: no target');
    const target = new URL(req.url ?? '/', proxy.target);
    const method = req.method ?? 'GET';
    const requestId = typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : null;
    if (method !== 'GET' && hang > 0) {
      hang--;
      held.push({ requestId, method, path: target.pathname });
      return; // never forwarded, never answered
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers['content-length'] = String(body.length);
    const answer = await new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>(
      (resolve, reject) => {
        const upstream = httpRequest(target, { method, headers }, (response) => {
          readBody(response).then(
            (payload) =>
              resolve({ status: response.statusCode ?? 502, headers: response.headers, body: payload }),
            reject,
          );
        });
        upstream.on('error', reject);
        upstream.end(body);
      },
    );
    const path = target.pathname;
    const replacement = method !== 'GET' ? replacements.shift() : undefined;
    if (replacement) {
      res.writeHead(replacement.status, {
        'content-type': replacement.contentType,
        'content-length': String(Buffer.byteLength(replacement.body)),
      });
      res.end(replacement.body);
      return;
    }
    if (method !== 'GET') {
      const lose = forced > 0 || draw(options.seed, requestId, method, path) < proxy.lostAnswerRate;
      if (lose) {
        if (forced > 0) forced--;
        lost.push({ requestId, method, path, status: answer.status });
        return; // the stubs wrote; the gateway never hears back (its socket is destroyed on close)
      }
    }
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
    }
    out['content-length'] = String(answer.body.length);
    res.writeHead(answer.status, out);
    res.end(answer.body);
  };

  const server = createServer((req, res) => {
    forward(req, res).catch(() => {
      // Stubs unreachable or the client went away: drop the connection like a network failure would.
      req.socket.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    target: null,
    lostAnswerRate: options.lostAnswerRate ?? 0,
    loseNext(n = 1) {
      forced += n;
    },
    replaceNextAnswer(answer) {
      replacements.push(answer);
    },
    hangNext(n = 1) {
      hang += n;
    },
    lost,
    held,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
