import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payment`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
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
    expect(Date.now() - started).toBeLessThan(1000);
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
