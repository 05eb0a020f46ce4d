import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeFailure } from '../outcome.js';
import { UpstreamError, UpstreamTimeout, UpstreamUnavailable } from '../errors.js';
import { encodeFilters, listParams, toQueryString } from '../filters.js';
import { RestClient, type UpstreamCall, type UpstreamRequestContext } from '../rest-client.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
let handler: (req: IncomingMessage, res: ServerResponse, body: string) => void;
/** TCP connections the test server accepted. */
let connections = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payment`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  connections = 0;
  handler = (_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true }));
  };
});

const requestContext = (
  overrides: Partial<UpstreamRequestContext> = {},
): UpstreamRequestContext & { calls: UpstreamCall[] } => {
  const calls: UpstreamCall[] = [];
  return {
    token: 'tok.en.value',
    requestId: 'req-1',
    locale: 'es_AR',
    getMemo: new Map(),
    onCall: (c) => calls.push(c),
    calls,
    ...overrides,
  };
};

const client = (request = requestContext(), timeouts = { read: 1000, write: 1000 }, baseUrl = base) =>
  new RestClient({
    service: 'payment',
    baseUrl,
    readTimeoutMs: timeouts.read,
    writeTimeoutMs: timeouts.write,
    request,
  });

describe('filters encoding', () => {
  it('encodes filters as a JSON array, percent-encoded, with page, limit and sorts', () => {
    const params = listParams({
      filters: [{ field: 'payer.name', value: 'José Pérez & Cía', operation: 'CONTAINS' }],
      page: 2,
      limit: 50,
      sorts: [{ field: 'request_date', direction: 'desc' }],
    });
    expect(params.filters).toBe('[{"field":"payer.name","value":"José Pérez & Cía","operation":"CONTAINS"}]');
    const qs = toQueryString(params);
    expect(qs).not.toContain('+');
    const parsed = new URLSearchParams(qs.slice(1));
    expect(JSON.parse(parsed.get('filters')!)).toEqual([
      { field: 'payer.name', value: 'José Pérez & Cía', operation: 'CONTAINS' },
    ]);
    expect(parsed.get('page')).toBe('2');
    expect(parsed.get('limit')).toBe('50');
    expect(parsed.get('sorts')).toBe('request_date:desc');
    expect(toQueryString(listParams({}))).toBe('');
    expect(encodeFilters([{ field: 'id', value: ['1', '2'], operation: 'IN' }])).toBe(
      '[{"field":"id","value":["1","2"],"operation":"IN"}]',
    );
  });
});

describe('RestClient', () => {
  it('sends the platform headers and the query', async () => {
    const result = await client().get<{ ok: boolean }>('/pagos', { page: 1, filters: '[]' });
    expect(result).toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req!.url).toBe('/payment/pagos?page=1&filters=%5B%5D');
    expect(req!.headers).toMatchObject({
      source: 'backoffice',
      locale: 'es_AR',
      authorization: 'Bearer tok.en.value',
      'x-request-id': 'req-1',
      accept: 'application/json',
    });
  });

  it('sends no locale header when the operator does not use Spanish', async () => {
    await client(requestContext({ locale: null })).get('/pagos');
    expect(seen[0]!.headers.locale).toBeUndefined();
  });

  it('deduplicates identical GETs of one request, not writes nor other requests', async () => {
    const request = requestContext();
    const c = client(request);
    const [a, b] = await Promise.all([c.get('/pagos', { page: 1 }), c.get('/pagos', { page: 1 })]);
    expect(a).toBe(b);
    await c.get('/pagos', { page: 2 });
    await Promise.all([
      c.post('/pagos/1/cancelar', { reason: 'x' }),
      c.post('/pagos/1/cancelar', { reason: 'x' }),
    ]);
    await client().get('/pagos', { page: 1 });
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /payment/pagos?page=1',
      'GET /payment/pagos?page=2',
      'POST /payment/pagos/1/cancelar',
      'POST /payment/pagos/1/cancelar',
      'GET /payment/pagos?page=1',
    ]);
    expect(seen[2]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[2]!.body)).toEqual({ reason: 'x' });
    expect(request.calls).toHaveLength(4);
  });

  it('keeps a GET only while it is in flight: an answered one is forgotten, failed or not', async () => {
    const request = requestContext();
    const c = client(request);
    await c.get('/pagos', { page: 1 });
    // The request holds no answer to its end (a list's upstream page would stay alive through later round trips).
    expect(request.getMemo.size).toBe(0);
    const [a, b] = await Promise.all([c.get('/pagos', { page: 1 }), c.get('/pagos', { page: 1 })]);
    expect(a).toBe(b);
    handler = (_req, res) => {
      res.statusCode = 404;
      res.end(JSON.stringify({ code: 'not_found' }));
    };
    await expect(c.get('/pagos', { page: 1 })).rejects.toBeInstanceOf(UpstreamError);
    expect(request.getMemo.size).toBe(0);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /payment/pagos?page=1',
      'GET /payment/pagos?page=1',
      'GET /payment/pagos?page=1',
    ]);
  });

  it('forgetting the reads in flight leaves a newer identical GET shared', async () => {
    // Answers released by the test, in the order it chooses.
    const answers: Array<() => void> = [];
    const held: typeof fetch = () =>
      new Promise((resolve) => answers.push(() => resolve(new Response('{"ok":true}', { status: 200 }))));
    const request = requestContext();
    const c = new RestClient({
      service: 'payment',
      baseUrl: base,
      readTimeoutMs: 1000,
      writeTimeoutMs: 1000,
      request,
      fetch: held,
    });
    const first = c.get('/pagos', { page: 1 });
    request.getMemo.clear();
    const second = c.get('/pagos', { page: 1 });
    expect(second).not.toBe(first);
    answers[0]!();
    await first;
    // The first GET's end does not drop the second's entry: a third identical GET meanwhile shares it.
    expect(c.get('/pagos', { page: 1 })).toBe(second);
    answers[1]!();
    await second;
    expect(answers).toHaveLength(2);
  });

  it('maps {code, extended_code, message} to an UpstreamError', async () => {
    handler = (_req, res) => {
      res.statusCode = 409;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          code: 'invalid_status',
          extended_code: 'payment_not_cancellable',
          message: 'secret',
        }),
      );
    };
    const error = await client()
      .post('/pagos/1/cancelar', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({
      service: 'payment',
      status: 409,
      code: 'invalid_status',
      extendedCode: 'payment_not_cancellable',
      upstreamMessage: 'secret',
    });
  });

  it('maps a non-JSON error body and a non-JSON success body', async () => {
    handler = (_req, res) => {
      res.statusCode = 502;
      res.end('<html>Bad gateway</html>');
    };
    await expect(client().get('/pagos')).rejects.toMatchObject({
      name: 'UpstreamError',
      status: 502,
      code: null,
    });
    handler = (_req, res) => res.end('not json');
    await expect(client().get('/pagos')).rejects.toMatchObject({
      name: 'UpstreamError',
      code: 'invalid_response',
    });
  });

  it('times out reads and writes with their own timeouts', async () => {
    handler = () => {
      /* never answers */
    };
    const request = requestContext();
    const started = Date.now();
    const error = await client(request, { read: 150, write: 300 })
      .get('/pagos')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamTimeout);
    expect(error).toMatchObject({ service: 'payment', method: 'GET', timeoutMs: 150 });
    // The error names the read's own timeout (150 ms); the bound only allows for a loaded host.
    expect(Date.now() - started).toBeLessThan(5_000);
    const write = await client(request, { read: 150, write: 300 })
      .post('/pagos', {})
      .catch((e: unknown) => e);
    expect(write).toMatchObject({ name: 'UpstreamTimeout', timeoutMs: 300 });
    expect(request.calls.map((c) => c.outcome)).toEqual(['timeout', 'timeout']);
  });

  it('reports an unreachable service as UpstreamUnavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await client(requestContext(), undefined, `http://127.0.0.1:${port}/payment`)
      .get('/pagos')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamUnavailable);
  });
});

describe('RestClient over the keep-alive transport', () => {
  const json = (res: ServerResponse, value: unknown) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(value));
  };
  const errorOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: unknown) => e,
    );

  it('reuses one connection for sequential calls of any request', async () => {
    // Sockets the previous tests left in the pool belong to earlier connections; count only new ones.
    await client().get('/warm');
    connections = 0;
    for (let i = 0; i < 5; i++) await client().get('/pagos', { page: i + 1 });
    await client().post('/pagos/1/cancelar', { reason: 'x' });
    expect(seen).toHaveLength(7);
    expect(connections).toBe(0);
  });

  it('sends the body with its length, and a length of 0 for a write without body', async () => {
    await client().post('/pagos/1/cancelar', { reason: 'Cancelación ñ' });
    await client().post('/pagos/1/reintentar');
    await client().get('/pagos');
    expect(seen[0]!.headers['content-length']).toBe(
      String(Buffer.byteLength(JSON.stringify({ reason: 'Cancelación ñ' }))),
    );
    expect(seen[0]!.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(seen[0]!.body)).toEqual({ reason: 'Cancelación ñ' });
    expect(seen[1]!.headers['content-length']).toBe('0');
    expect(seen[1]!.headers['content-type']).toBeUndefined();
    expect(seen[2]!.headers['content-length']).toBeUndefined();
    expect(seen[2]!.headers['transfer-encoding']).toBeUndefined();
  });

  it('reads answers in chunks, multi-byte characters split across them, a BOM, a compressed body', async () => {
    const text = JSON.stringify({ name: 'Peña & Cía ' + 'ñ'.repeat(40_000) });
    handler = (_req, res) => {
      const bytes = Buffer.from(`\uFEFF${text}`);
      res.setHeader('content-type', 'application/json');
      res.write(bytes.subarray(0, 1001)); // splits a 2-byte character
      setTimeout(() => res.end(bytes.subarray(1001)), 5);
    };
    expect(await client().get('/big')).toEqual(JSON.parse(text));
    handler = (_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(JSON.stringify({ ok: 'gzip' })));
    };
    expect(await client().get('/gz')).toEqual({ ok: 'gzip' });
  });

  it('times out while the answer is still arriving, and frees nothing it should not', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"rows": [');
    };
    const request = requestContext();
    const error = await errorOf(client(request, { read: 150, write: 150 }).get('/slow'));
    expect(error).toBeInstanceOf(UpstreamTimeout);
    expect(request.calls.map((c) => c.outcome)).toEqual(['timeout']);
    handler = (_req, res) => json(res, { ok: 'after' });
    expect(await client().get('/pagos')).toEqual({ ok: 'after' });
  });

  it('a write whose connection never opened is FAILED; one lost mid-request is UNKNOWN', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await errorOf(
      client(requestContext(), undefined, `http://127.0.0.1:${port}/payment`).post('/pagos/1/cancelar', {}),
    );
    expect(refused).toBeInstanceOf(UpstreamUnavailable);
    expect(((refused as Error).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    expect(writeFailure(refused).outcome).toBe('FAILED');

    // The upstream received the write, then the connection dropped: no answer.
    handler = (req) => req.socket.destroy();
    const request = requestContext();
    const lost = await errorOf(client(request).post('/pagos/1/cancelar', { reason: 'x' }));
    expect(lost).toBeInstanceOf(UpstreamUnavailable);
    expect(writeFailure(lost).outcome).toBe('UNKNOWN');
    expect(request.calls.map((c) => c.outcome)).toEqual(['unavailable']);
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1); // never retried

    // Part of the answer arrived, then the connection dropped.
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"id": "1", ');
      setTimeout(() => res.socket?.destroy(), 5);
    };
    const cut = await errorOf(client().post('/pagos/1/cancelar', { reason: 'x' }));
    expect(cut).toBeInstanceOf(UpstreamUnavailable);
    expect(writeFailure(cut).outcome).toBe('UNKNOWN');
  });

  it('retries a GET once when its pooled connection turns out closed, never a write', async () => {
    await client().get('/warm'); // leaves a pooled connection
    let drops = 0;
    handler = (req, res) => {
      // Each path is dropped on its first arrival only, like a server closing an idle connection.
      if (drops < 1 || (req.method === 'POST' && drops < 2)) {
        drops++;
        req.socket.destroy();
        return;
      }
      json(res, { ok: req.url });
    };
    const request = requestContext();
    expect(await client(request).get('/pagos/1')).toEqual({ ok: '/payment/pagos/1' });
    expect(seen.filter((s) => s.url === '/payment/pagos/1')).toHaveLength(2);
    expect(request.calls).toHaveLength(1);
    const write = await errorOf(client().post('/pagos/1/cancelar', {}));
    expect(write).toBeInstanceOf(UpstreamUnavailable);
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);
  });

  it('an injected fetch still replaces the transport', async () => {
    const urls: string[] = [];
    const injected: typeof fetch = async (input, init) => {
      urls.push(`${init?.method} ${String(input)} ${new Headers(init?.headers).get('source')}`);
      return new Response(JSON.stringify({ injected: true }), { status: 200 });
    };
    const c = new RestClient({
      service: 'payment',
      baseUrl: base,
      readTimeoutMs: 1000,
      writeTimeoutMs: 1000,
      request: requestContext(),
      fetch: injected,
    });
    expect(await c.get('/pagos')).toEqual({ injected: true });
    expect(urls).toEqual([`GET ${base}/pagos backoffice`]);
    expect(seen).toHaveLength(0);
    const slow: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      );
    const timedOut = await errorOf(
      new RestClient({
        service: 'payment',
        baseUrl: base,
        readTimeoutMs: 50,
        writeTimeoutMs: 50,
        request: requestContext(),
        fetch: slow,
      }).get('/pagos'),
    );
    expect(timedOut).toMatchObject({ name: 'UpstreamTimeout', timeoutMs: 50 });
  });
});
