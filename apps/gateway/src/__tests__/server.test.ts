import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIENCE, ISSUER, startJwksFixture, type JwksFixture } from '../auth/__tests__/jwks-fixture.js';
import { loadConfig } from '../load-config.js';
import { startGateway, type RunningGateway } from '../index.js';
import { createLogger } from '../logger.js';
import { EXAMPLES } from '../sandbox/ui/examples.js';
import { gql, INTERNAL_MARKERS } from './http-helpers.js';

/**
 * HTTP behaviour of the gateway with a local key server and a scripted upstream:
 * 401s, CORS, CSRF, limits, error masking, health and the sandbox.
 */

let keys: JwksFixture;
let upstream: Server;
let upstreamUrl: string;
let gateway: RunningGateway;
let requests: IncomingMessage[] = [];
let respond: (req: IncomingMessage, res: ServerResponse) => void;
const logLines: string[] = [];
/**
 * The gateway's read timeout here: what the hanging-upstream test waits for, and what every other test's
 * scripted answer must beat on a loaded 2-core machine (300 ms did not always).
 */
const READ_TIMEOUT_MS = 2000;

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  keys = await startJwksFixture();
  upstream = createServer((req, res) => {
    requests.push(req);
    respond(req, res);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const base = loadConfig({});
  gateway = await startGateway(
    {
      port: 0,
      host: '127.0.0.1',
      keycloakIssuer: ISSUER,
      keycloakJwksUrl: keys.jwksUrl,
      keycloakAudience: AUDIENCE,
      upstreamTimeoutMs: READ_TIMEOUT_MS,
      services: {
        ...base.services,
        payment: `${upstreamUrl}/payment`,
        collector: `${upstreamUrl}/collector`,
      },
      sandbox: true,
      introspection: true,
      corsOrigins: ['http://localhost:5173'],
    },
    { logger: createLogger('debug', (line) => logLines.push(line)) },
  );
});
afterAll(async () => {
  await gateway?.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
  await keys.close();
});
beforeEach(() => {
  requests = [];
  respond = (_req, res) => json(res, 200, { rows: [], page: 1, limit: 25, size: 0 });
});

const graphqlUrl = () => gateway.graphqlUrl;
const token = (overrides: Record<string, unknown> = {}) => keys.sign(keys.claims(overrides));

describe('authentication', () => {
  it('answers me from the token', async () => {
    const res = await gql(graphqlUrl(), '{ me { username name email permissions } }', {
      token: await token(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      me: {
        username: 'operador',
        name: 'Olga Operadora',
        email: 'operador@example.com',
        permissions: ['PAYMENT_CANCEL', 'PAYMENT_REFUND', 'SHOW_BATCH_DATA'],
      },
    });
  });

  it('answers 401 with a GraphQL body, WWW-Authenticate and no detail, for any refused token', async () => {
    const bad = [
      null,
      'garbage',
      await token({ exp: Math.floor(Date.now() / 1000) - 3600 }),
      await token({ aud: 'account' }),
      await token({ iss: 'http://localhost:9999/realms/back-office' }),
    ];
    for (const t of bad) {
      const res = await gql(graphqlUrl(), '{ me { username } }', { token: t });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.body).toEqual({
        errors: [
          {
            message: 'Sesión inválida o vencida. Volvé a iniciar sesión.',
            extensions: { code: 'UNAUTHENTICATED' },
          },
        ],
        // Priced as every answer: nothing of it ran.
        extensions: { cost: expect.objectContaining({ requested: 0 }) },
      });
    }
    expect(requests).toHaveLength(0);
  });

  it('needs a token for introspection too', async () => {
    const res = await gql(graphqlUrl(), '{ __schema { queryType { name } } }');
    expect(res.status).toBe(401);
  });

  it('logs one line per request without the token', async () => {
    const t = await token();
    const res = await gql(graphqlUrl(), 'query WhoAmI { me { username } }', {
      token: t,
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
    const line = logLines
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'request' && l.requestId === 'abc-123');
    expect(line).toMatchObject({
      level: 'info',
      method: 'POST',
      path: '/graphql',
      status: 200,
      user: 'operador',
      operation: 'WhoAmI',
    });
    expect(logLines.join('\n')).not.toContain(t);
    expect(logLines.join('\n')).not.toContain(t.split('.')[2]!);
  });
});

describe('upstream failures', () => {
  it('maps an upstream 500 to the generic text and the request id: no code, no message (they are in the log)', async () => {
    respond = (_req, res) =>
      json(res, 500, {
        code: 'internal_error',
        extended_code: 'db_unavailable',
        message: 'ORA-12541: TNS:no listener at 10.0.0.7',
      });
    const res = await gql(graphqlUrl(), '{ payments { total } me { username } }', { token: await token() });
    expect(res.status).toBe(200);
    // The failed list answers null and its sibling keeps its data (root query fields are nullable).
    expect(res.body.data).toEqual({ payments: null, me: { username: expect.any(String) } });
    const requestId = res.headers.get('x-request-id');
    expect(res.body.errors).toEqual([
      {
        message: `Ups! Ocurrió un error inesperado. Referencia: ${requestId}.`,
        locations: [{ line: 1, column: 3 }],
        path: ['payments'],
        extensions: { code: 'UPSTREAM_ERROR' },
      },
    ]);
    expect(res.text).not.toMatch(/ORA|10\.0\.0\.7|TNS|db_unavailable|internal_error/);
    const fault = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.msg === 'upstream fault');
    expect(fault).toMatchObject({
      requestId,
      status: 500,
      code: 'internal_error',
      extendedCode: 'db_unavailable',
    });
  });

  it('maps a hanging upstream to UPSTREAM_TIMEOUT within the read timeout', async () => {
    respond = () => {
      /* never answers */
    };
    const bearer = await token();
    const started = performance.now();
    const res = await gql(graphqlUrl(), '{ payments { total } }', { token: bearer });
    // Ended by the read timeout, not by the test's limit.
    expect(performance.now() - started).toBeGreaterThanOrEqual(READ_TIMEOUT_MS);
    expect(performance.now() - started).toBeLessThan(READ_TIMEOUT_MS + 10_000);
    expect(res.body.errors?.[0]).toMatchObject({
      message: 'El servicio no respondió a tiempo. Intente nuevamente en unos minutos.',
      extensions: { code: 'UPSTREAM_TIMEOUT' },
    });
    for (const marker of INTERNAL_MARKERS) expect(res.text).not.toMatch(marker);
  });

  it('masks contract violations as the generic error', async () => {
    respond = (_req, res) =>
      json(res, 200, {
        rows: [
          {
            id: 1,
            status: 'teleported',
            request_date: '2025-01-01T00:00:00Z',
            final_amount: 1,
            collector_id: 1,
          },
        ],
        page: 1,
        limit: 25,
        size: 1,
      });
    const res = await gql(graphqlUrl(), '{ payments { total } }', { token: await token() });
    expect(res.body.errors?.[0]).toMatchObject({
      message: 'Ups! Ocurrió un error inesperado',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
    expect(res.text).not.toContain('teleported');
  });

  it('refuses invalid arguments before calling upstream', async () => {
    const res = await gql(graphqlUrl(), '{ payments(page: 0) { total } }', { token: await token() });
    expect(res.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'page' } });
    expect(requests).toHaveLength(0);
  });

  it('refuses a malformed DateTime variable with 400', async () => {
    const res = await gql(graphqlUrl(), 'query($f: PaymentFilter) { payments(filter: $f) { total } }', {
      token: await token(),
      variables: { f: { from: 'ayer' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(requests).toHaveLength(0);
  });
});

describe('protections', () => {
  it('applies CORS to the allowlist only, without credentials', async () => {
    const allowed = await fetch(graphqlUrl(), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,source,locale',
      },
    });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    const allowedHeaders = allowed.headers.get('access-control-allow-headers')?.split(',') ?? [];
    expect(allowedHeaders).toEqual(
      expect.arrayContaining(['authorization', 'content-type', 'source', 'locale']),
    );
    const denied = await fetch(graphqlUrl(), {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    const unauth = await gql(graphqlUrl(), '{ me { username } }', {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(unauth.status).toBe(401);
    expect(unauth.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });

  it('rejects GET and multipart requests without the CSRF preflight header', async () => {
    const t = await token();
    const get = await fetch(`${graphqlUrl()}?query=${encodeURIComponent('{ me { username } }')}`, {
      headers: { authorization: `Bearer ${t}` },
    });
    expect(get.status).toBe(400);
    expect(await get.text()).toMatch(/CSRF|preflight/i);
    const form = new FormData();
    form.set('operations', JSON.stringify({ query: '{ me { username } }' }));
    const multipart = await fetch(graphqlUrl(), {
      method: 'POST',
      headers: { authorization: `Bearer ${t}` },
      body: form,
    });
    expect(multipart.status).toBe(400);
    const preflighted = await fetch(`${graphqlUrl()}?query=${encodeURIComponent('{ me { username } }')}`, {
      headers: { authorization: `Bearer ${t}`, 'apollo-require-preflight': 'true' },
    });
    expect(preflighted.status).toBe(200);
  });

  it('limits depth, aliases and tokens, naming the limit', async () => {
    const t = await token();
    const aliases = `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: me { username }`).join(' ')} }`;
    const tooManyAliases = await gql(graphqlUrl(), aliases, { token: t });
    expect(tooManyAliases.status).toBe(400);
    expect(tooManyAliases.body.errors?.[0]?.message).toBe(
      'La consulta usa 16 alias; el máximo es 15 (maxAliases).',
    );
    const deep = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } }`;
    const tooDeep = await gql(graphqlUrl(), deep, { token: t });
    expect(tooDeep.status).toBe(400);
    const longQuery = `{ me { ${Array.from({ length: 2100 }, () => 'username').join(' ')} } }`;
    const tooLong = await gql(graphqlUrl(), longQuery, { token: t });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(tooLong.body.errors?.[0]?.message).toMatch(/\(maxTokens\)\.$/);
    expect(requests).toHaveLength(0);
  });

  it('hides field suggestions', async () => {
    const res = await gql(graphqlUrl(), '{ paymentz { total } }', { token: await token() });
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('Did you mean');
  });

  it('answers a malformed body without internals', async () => {
    const res = await fetch(graphqlUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token()}` },
      body: '{"query": ',
    });
    expect(res.status).toBe(400);
    const text = await res.text();
    for (const marker of INTERNAL_MARKERS) expect(text).not.toMatch(marker);
  });
});

describe('health', () => {
  it('serves /healthz and /readyz', async () => {
    const health = await fetch(`${gateway.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
  });
});

describe('sandbox', () => {
  it('answers under its own strict CSP: inline styles for Monaco and nothing else loosened', async () => {
    const res = await fetch(`${gateway.url}/sandbox/config.json`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!.split('; ');
    expect(csp).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "script-src 'self'",
        "worker-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "connect-src 'self' http://localhost:8080",
        "frame-ancestors 'none'",
      ]),
    );
    expect(csp.filter((d) => d.includes('unsafe'))).toEqual(["style-src 'self' 'unsafe-inline'"]);
    expect(csp.join(' ')).not.toMatch(/https?:\/\/(?!localhost)|\*|blob:/);
    expect(await res.json()).toEqual({
      graphqlPath: '/graphql',
      schemaPath: '/sandbox/schema.graphql',
      // Every major served, the current first (CHANGELOG.md, "Supported majors").
      majors: [
        {
          label: expect.stringMatching(/^Versión 2\.\d+\.\d+ \(actual\)$/),
          graphqlPath: '/graphql',
          schemaPath: '/sandbox/schema.graphql',
        },
        {
          label: 'Versión 1.0.0 (se sirve hasta el 2027-05-31)',
          graphqlPath: '/graphql/v1',
          schemaPath: '/sandbox/schema-v1.graphql',
        },
      ],
      keycloak: { url: 'http://localhost:8080', realm: 'back-office', clientId: 'back-office-web' },
    });
  });

  it('serves the printed SDL before any sign-in (the docs explorer browsable at once), without the placeholder root field', async () => {
    // No token at all: the sandbox's docs need no session.
    const res = await fetch(`${gateway.url}/sandbox/schema.graphql`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const sdl = await res.text();
    // The contract's version, in the schema's own description.
    expect(sdl).toMatch(/@backoffice\/schema \d+\.\d+\.\d+ \(semver\)/);
    expect(sdl).toContain('type Query');
    expect(sdl).toMatch(/payments\(/);
    expect(sdl).not.toContain('_empty');
    // the permission line build.mjs generates from @auth reaches what the sandbox and introspection show
    expect(sdl).toMatch(/Requiere: PAYMENT_CANCEL\s*"""\s*cancelPayment\(/);
  });

  it('redirects a browser GET of /graphql to the sandbox', async () => {
    const res = await fetch(graphqlUrl(), { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sandbox');
  });

  it('ships examples of a mutation with its idempotency key, a permission error and paging, each fitting the editor', () => {
    const long = EXAMPLES.flatMap((e) => `${e.query}\n${e.variables ?? ''}`.split('\n')).filter(
      (l) => l.length > 80,
    );
    expect(long, 'lines longer than the editor (80 characters)').toEqual([]);
    const queries = EXAMPLES.map((e) => e.query);
    expect(queries.some((q) => /^mutation /m.test(q) && /idempotencyKey: \$idempotencyKey/.test(q))).toBe(
      true,
    );
    expect(queries.some((q) => /FORBIDDEN/.test(q))).toBe(true);
    expect(queries.some((q) => /\bpage: \$page\b/.test(q) && /\bhasNextPage\b/.test(q))).toBe(true);
  });

  it('ships example operations that are valid and run within the limits', async () => {
    for (const example of EXAMPLES) {
      const res = await gql(graphqlUrl(), example.query, {
        token: await token(),
        variables: JSON.parse(example.variables ?? '{}') as Record<string, unknown>,
      });
      const codes = (res.body.errors ?? []).map((e) => e.extensions?.code);
      expect(codes, example.query).not.toContain('GRAPHQL_VALIDATION_FAILED');
      expect(codes, example.query).not.toContain('GRAPHQL_PARSE_FAILED');
      expect(codes, example.query).not.toContain('BAD_USER_INPUT');
    }
  });
});
