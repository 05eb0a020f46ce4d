import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PERMISSIONS } from '@backoffice/schema';
import { getNamedType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../load-config.js';
import { startGateway, type RunningGateway } from '../../index.js';
import { createLogger } from '../../logger.js';
import { buildSchema } from '../../schema.js';
import { ARMOR_LIMITS } from '../../server.js';
import {
  errorsOf,
  LEAK_MARKERS,
  pool,
  postGraphql,
  startSecurityStack,
  type RawResponse,
  type SecurityStack,
} from './harness.js';
import { operationFor, rootFields, sampleArgs, selectionFor, type IdPools } from './operations.js';

/**
 * Query limits (and the fragment tricks of graphql-armor's advisories), CSRF, schema-detail hiding, masking of
 * upstream internals, introspection/sandbox gating, security headers and CORS, over HTTP.
 */

let stack: SecurityStack;
let token: string;
const counts = { tried: 0, rejected: 0 };

/** A limit's refusal names it in Spanish: "...; el máximo es 15 (maxAliases)." */
const NAMED_LIMIT =
  /; el máximo es \d+ \((?:maxDepth|maxAliases|maxTokens|maxDirectives|maxCost|maxUpstreamCalls|maxBulkItems)\)\.(?: .+)?$/;

beforeAll(async () => {
  stack = await startSecurityStack();
  token = await stack.tokenWith(PERMISSIONS);
});
afterAll(async () => {
  console.log(
    `[hardening] ${counts.tried} requests tried, ${counts.rejected} rejected as expected, ` +
      `upstream calls made by rejected requests: ${rejectedUpstreamCalls}`,
  );
  await stack?.close();
});

let rejectedUpstreamCalls = 0;

const send = (query: string, variables?: Record<string, unknown>) =>
  postGraphql(
    stack.gateway.graphqlUrl,
    { query, ...(variables ? { variables } : {}) },
    { authorization: `Bearer ${token}` },
  );

/** Sends documents that must be refused before execution: 400, a limit named in Spanish, no upstream call. */
async function expectRefused(documents: Record<string, string>, cpuLimitMs = 2000) {
  await stack.clearUpstreamRequests();
  for (const [name, query] of Object.entries(documents)) {
    counts.tried++;
    // The gateway runs in this process: its CPU time for the refusal is the work its limits let a document cost,
    // which a busy machine does not stretch as it stretches wall time.
    const cpuBefore = process.cpuUsage();
    const res = await send(query);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    expect(res.status, `${name}: ${res.text.slice(0, 300)}`).toBe(400);
    expect(cpuMs, `${name} took ${Math.round(cpuMs)} ms of CPU`).toBeLessThan(cpuLimitMs);
    const codes = errorsOf(res.json).map((e) => e.extensions?.code);
    // The request's own limits (maxUpstreamCalls, maxBulkItems) refuse as BAD_REQUEST, named as the others.
    expect(
      errorsOf(res.json).every(
        (e) =>
          e.extensions?.code === 'GRAPHQL_VALIDATION_FAILED' ||
          e.extensions?.code === 'GRAPHQL_PARSE_FAILED' ||
          (e.extensions?.code === 'BAD_REQUEST' && e.extensions.limit !== undefined),
      ),
      `${name}: ${codes.join(', ')}`,
    ).toBe(true);
    // A limit's refusal says which one, in Spanish, with `extensions.limit`.
    for (const error of errorsOf(res.json).filter((e) => e.extensions?.limit)) {
      expect(error.message, name).toMatch(NAMED_LIMIT);
    }
    for (const marker of LEAK_MARKERS) expect(res.text, name).not.toMatch(marker);
    counts.rejected++;
  }
  const calls = (await stack.upstreamRequests()).length;
  rejectedUpstreamCalls += calls;
  expect(calls).toBe(0);
}

async function expectAccepted(query: string) {
  counts.tried++;
  const res = await send(query);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  expect(errorsOf(res.json), res.text.slice(0, 300)).toEqual([]);
  return res;
}

/** `{ __type(name: "Payment") { <a nested ofType chain of this many levels> } }`: depth = levels + 1. */
const ofTypeChain = (levels: number, leaf = 'name') =>
  `${'ofType { '.repeat(levels)}${leaf}${' }'.repeat(levels)}`;

describe('query limits', () => {
  it('refuses too deep, too many aliases, tokens, directives and cost, naming the limit', async () => {
    const depth = ARMOR_LIMITS.maxDepth;
    await expectAccepted(`{ __type(name: "Payment") { ${ofTypeChain(depth - 2)} } }`);
    await expectAccepted(
      `{ ${Array.from({ length: ARMOR_LIMITS.maxAliases }, (_, i) => `a${i}: me { username }`).join(' ')} }`,
    );
    const costBomb = (n: number) =>
      `{ payments { total } __schema { types { fields { type { ofType { ofType { ofType { ${'name '.repeat(n)} } } } } } } } }`;
    await expectAccepted(costBomb(100));
    await expectRefused({
      depth: `{ payments { total } __type(name: "Payment") { ${ofTypeChain(depth)} } }`,
      aliases: `{ payments { total } ${Array.from({ length: ARMOR_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: me { username }`).join(' ')} }`,
      tokens: `{ payments { total } me { ${'username '.repeat(ARMOR_LIMITS.maxTokens)} } }`,
      directives: `{ payments { total } me { username ${'@include(if: true) '.repeat(ARMOR_LIMITS.maxDirectives + 1)} } }`,
      cost: costBomb(600),
      'nested list aliases': `{ payments { total } ${Array.from({ length: 8 }, (_, i) => `p${i}: payments(pageSize: 100) { rows { c${i}: collector { name } d${i}: collector { name } } }`).join(' ')} }`,
    });
  });
});

describe("fragment tricks of graphql-armor's advisories", () => {
  it('counts depth, aliases, directives and cost through fragments and survives recursive ones', async () => {
    const depth = ARMOR_LIMITS.maxDepth;
    // A chain of fragments, each one level deeper: the document looks shallow, the expansion is not.
    const chain = Array.from(
      { length: depth + 2 },
      (_, i) => `fragment F${i} on __Type { ofType { ${i === depth + 1 ? 'name' : `...F${i + 1}`} } }`,
    ).join('\n');
    // Each fragment spreads the next one under two fields: 2^n paths for a naive analyser.
    const fanOut = Array.from(
      { length: 16 },
      (_, i) =>
        `fragment G${i} on __Type { a${i}: ofType { ${i === 15 ? 'name' : `...G${i + 1}`} } b${i}: ofType { ${i === 15 ? 'name' : `...G${i + 1}`} } }`,
    ).join('\n');
    const aliases = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => `x${from + i}: username`).join(' ');
    await expectRefused({
      'depth through a fragment chain': `{ payments { total } __type(name: "Payment") { ...F0 } }\n${chain}`,
      'depth through inline fragments': `{ payments { total } __type(name: "Payment") { ${'... on __Type { ofType { '.repeat(depth)}name${' } }'.repeat(depth)} } }`,
      'aliases inside one fragment': `{ payments { total } me { ...A } } fragment A on Me { ${aliases(0, ARMOR_LIMITS.maxAliases + 1)} }`,
      'aliases split over fragments': `{ payments { total } me { ...A ...B } } fragment A on Me { ${aliases(0, 8)} } fragment B on Me { ${aliases(8, 8)} }`,
      'one aliased fragment spread under many aliases': `{ payments { total } ${Array.from({ length: 4 }, (_, i) => `m${i}: me { ...A }`).join(' ')} } fragment A on Me { ${aliases(0, 4)} }`,
      'directives inside fragments': `{ payments { total } me { ...A ...B } } fragment A on Me { username ${'@include(if: true) '.repeat(30)} } fragment B on Me { email ${'@include(if: true) '.repeat(30)} }`,
      // Six spreads of N: about 10,700 counted each time, 1,800 if a fragment counted once.
      'cost multiplied by fragment spreads': `{ payments { total } __schema { types { ...T } queryType { ...T } mutationType { ...T } } } fragment T on __Type { fields { type { ofType { ofType { ...N } } } } inputFields { type { ofType { ofType { ...N } } } } } fragment N on __Type { ${'name '.repeat(160)} }`,
      'exponential fragment fan-out': `{ payments { total } __type(name: "Payment") { ...G0 } }\n${fanOut}`,
      // Shallow and alias-free, 2^40 paths: the cost's walk stops at its bound and refuses it (maxCost).
      'fragments spread twice in each other': `{ payments { total } ...D0 }\n${Array.from({ length: 40 }, (_, i) => `fragment D${i} on Query { ${i === 39 ? 'me { username }' : `...D${i + 1} ...D${i + 1}`} }`).join('\n')}`,
      'self-recursive fragment': `{ payments { total } __type(name: "Payment") { ...R } } fragment R on __Type { ofType { ...R } }`,
      'mutually recursive fragments': `{ payments { total } __type(name: "Payment") { ...R1 } } fragment R1 on __Type { ofType { ...R2 } } fragment R2 on __Type { ofType { ...R1 } }`,
      'recursion through inline fragments': `{ payments { total } me { ...M } } fragment M on Me { ... on Me { ...M } }`,
    });
    // Still serving.
    await expectAccepted('{ me { username } }');
  });
});

describe('CSRF prevention', () => {
  it('refuses GET and simple POSTs without the preflight header, and mutations over GET', async () => {
    const url = stack.gateway.graphqlUrl;
    const auth = { authorization: `Bearer ${token}` };
    const q = encodeURIComponent('{ payments { total } }');
    await stack.clearUpstreamRequests();
    const blocked: Array<[string, Promise<Response>]> = [
      ['GET without preflight', fetch(`${url}?query=${q}`, { headers: auth })],
      [
        'POST text/plain',
        fetch(url, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'text/plain' },
          body: JSON.stringify({ query: '{ payments { total } }' }),
        }),
      ],
      [
        'POST form-urlencoded',
        fetch(url, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: `query=${q}`,
        }),
      ],
      [
        'POST multipart',
        fetch(url, {
          method: 'POST',
          headers: { ...auth, 'content-type': 'multipart/form-data; boundary=x' },
          body: `--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query":"{ payments { total } }"}\r\n--x--\r\n`,
        }),
      ],
      [
        'POST without content type',
        fetch(url, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ query: '{ payments { total } }' }),
        }),
      ],
    ];
    for (const [name, pending] of blocked) {
      counts.tried++;
      const res = await pending;
      const text = await res.text();
      expect(res.status, `${name}: ${text}`).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      for (const marker of LEAK_MARKERS) expect(text, name).not.toMatch(marker);
      counts.rejected++;
    }
    counts.tried++;
    const mutationOverGet = await fetch(
      `${url}?query=${encodeURIComponent('mutation { cancelPayment(id: "1", reason: "x", idempotencyKey: "k46-hardening-202") { outcome } }')}`,
      { headers: { ...auth, 'apollo-require-preflight': 'true' } },
    );
    expect(mutationOverGet.status).toBe(405);
    counts.rejected++;
    const calls = (await stack.upstreamRequests()).length;
    rejectedUpstreamCalls += calls;
    expect(calls).toBe(0);

    for (const header of ['apollo-require-preflight', 'x-apollo-operation-name']) {
      const ok = await fetch(`${url}?query=${q}`, { headers: { ...auth, [header]: 'true' } });
      expect(ok.status).toBe(200);
    }
  });
});

describe('schema details', () => {
  it('never suggests field, argument, type or enum names', async () => {
    const documents = [
      '{ paymnts { total } }',
      '{ payments(pagesize: 10) { total } }',
      '{ payments(filter: { status: APROVED }) { total } }',
      '{ payments(sort: { field: REQUEST_DAT, direction: ASC }) { total } }',
      '{ payment(id: "1") { statuss } }',
      'query($f: PaymentFiltr) { payments(filter: $f) { total } }',
      'mutation { cancelPaymnt(id: "1", reason: "x") { outcome } }',
      '{ me { usernam } }',
    ];
    for (const query of documents) {
      counts.tried++;
      const res = await send(query);
      expect(res.status).toBe(400);
      expect(res.text, query).not.toMatch(/Did you mean|did you mean|Quisiste decir/);
      counts.rejected++;
    }
    counts.tried++;
    const variables = await send('query($f: PaymentFilter) { payments(filter: $f) { total } }', {
      f: { statuss: 'APPROVED', status: 'APROVED' },
    });
    expect(variables.status).toBe(400);
    expect(variables.text).not.toMatch(/Did you mean|APPROVED/);
    // Spanish, naming the field, without echoing the value.
    expect(errorsOf(variables.json).map((e) => [e.message, e.extensions])).toEqual([
      [
        'El valor no es una de las opciones válidas (f.status).',
        { code: 'BAD_USER_INPUT', field: 'f.status' },
      ],
      ['El campo no existe (f.statuss).', { code: 'BAD_USER_INPUT', field: 'f.statuss' }],
    ]);
    counts.rejected++;
  });
});

// ------------------------------------------------------------------------------------------------------------
// Upstream internals never reach the client: every root field against an upstream that fails in every way.

interface Scripted {
  url: string;
  mode: string;
  requests: number;
  close(): Promise<void>;
}

const INTERNAL_TEXT = [
  'ORA-00942: table or view does not exist',
  'java.lang.NullPointerException',
  'at com.acme.pagos.PaymentDao.find(PaymentDao.java:42)',
  'jdbc:postgresql://10.20.30.40:5432/pagos',
  'SELECT * FROM pagos WHERE id =',
  '/opt/app/releases/2025',
  'Apache Tomcat/9.0.80',
];
const INTERNAL_RE = /ORA-00942|NullPointerException|PaymentDao|10\.20\.30\.40|SELECT \*|\/opt\/app|Tomcat/;

const FAILURES: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  'error 500 with internal message': (_req, res) => {
    res.statusCode = 500;
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        code: 'internal_error',
        extended_code: 'db_error',
        message: INTERNAL_TEXT.join(' | '),
      }),
    );
  },
  'error 500 HTML page': (_req, res) => {
    res.statusCode = 500;
    res.setHeader('content-type', 'text/html');
    res.end(`<html><body><h1>HTTP Status 500</h1><pre>${INTERNAL_TEXT.join('\n')}</pre></body></html>`);
  },
  'error 404 with internal message': (_req, res) => {
    res.statusCode = 404;
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({ code: 'not_found', extended_code: 'payment_not_found', message: INTERNAL_TEXT[4] }),
    );
  },
  'error 409 with internal message': (_req, res) => {
    res.statusCode = 409;
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        code: 'invalid_status',
        extended_code: 'payment_not_cancellable',
        message: INTERNAL_TEXT.join(' '),
      }),
    );
  },
  'success with a body that is not JSON': (_req, res) => {
    res.statusCode = 200;
    res.setHeader('content-type', 'application/json');
    res.end(`{"rows": [ ${INTERNAL_TEXT[1]}`);
  },
  'success with the wrong shape': (_req, res) => {
    res.statusCode = 200;
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({ rows: INTERNAL_TEXT[0], id: { nested: INTERNAL_TEXT[3] }, status: INTERNAL_TEXT[1] }),
    );
  },
  'connection reset': (req) => {
    req.socket.destroy();
  },
  hang: () => {
    /* never answers */
  },
};

async function startScripted(): Promise<Scripted> {
  const state: Scripted = {
    url: '',
    mode: 'hang',
    requests: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server: Server = createServer((req, res) => {
    state.requests++;
    req.resume();
    req.on('end', () => FAILURES[state.mode]!(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

describe('no stack traces or upstream internals in any response', () => {
  let scripted: Scripted;
  let gateway: RunningGateway;

  beforeAll(async () => {
    scripted = await startScripted();
    const base = loadConfig({ STUBS_URL: scripted.url });
    gateway = await startGateway(
      {
        ...base,
        port: 0,
        keycloakIssuer: stack.emulator.issuer,
        keycloakJwksUrl: stack.emulator.jwksUrl,
        upstreamTimeoutMs: 250,
        mutationTimeoutMs: 250,
      },
      { logger: createLogger('silent') },
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await scripted?.close();
  });

  it('answers every query and mutation of the schema without internals, whatever the upstream does', async () => {
    const schema = buildSchema();
    const pools: IdPools = new Map([['Payment', ['1000001']]]);
    const roots = rootFields(schema);
    let calls = 0;
    const problems: string[] = [];
    for (const mode of Object.keys(FAILURES)) {
      scripted.mode = mode;
      const before = scripted.requests;
      const results = await pool(roots, 4, async (root) => {
        const selection = selectionFor(schema, getNamedType(root.field.type), 2);
        const res: RawResponse = await postGraphql(
          gateway.graphqlUrl,
          { query: operationFor(root, selection), variables: sampleArgs(root, pools) },
          { authorization: `Bearer ${token}` },
        );
        return { root, res };
      });
      calls += scripted.requests - before;
      for (const { root, res } of results) {
        counts.tried++;
        const where = `${mode} / ${root.coordinate}`;
        if (res.status >= 500) problems.push(`${where}: status ${res.status}`);
        if (INTERNAL_RE.test(res.text))
          problems.push(`${where}: upstream internals ${res.text.slice(0, 200)}`);
        for (const marker of LEAK_MARKERS)
          if (marker.test(res.text)) problems.push(`${where}: ${marker} in ${res.text.slice(0, 200)}`);
        for (const error of errorsOf(res.json)) {
          const extra = Object.keys(error.extensions ?? {}).filter(
            (k) => !['code', 'extendedCode', 'field'].includes(k),
          );
          if (extra.length) problems.push(`${where}: extensions ${extra.join(',')}`);
        }
      }
    }
    console.log(
      `[hardening] upstream failure modes: ${Object.keys(FAILURES).length} x ${roots.length} root fields = ` +
        `${Object.keys(FAILURES).length * roots.length} requests, ${calls} upstream calls made, ${problems.length} leaks`,
    );
    expect(calls).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('introspection and the sandbox only where configured', () => {
  it('refuses introspection and serves no sandbox in production', async () => {
    const production = loadConfig({ NODE_ENV: 'production', STUBS_URL: stack.stubs.url });
    expect(production.introspection).toBe(false);
    expect(production.sandbox).toBe(false);
    const gateway = await startGateway(
      {
        ...production,
        port: 0,
        keycloakIssuer: stack.emulator.issuer,
        keycloakJwksUrl: stack.emulator.jwksUrl,
      },
      { logger: createLogger('silent') },
    );
    try {
      const auth = { authorization: `Bearer ${token}` };
      for (const query of [
        '{ __schema { types { name } } }',
        '{ __type(name: "Payment") { fields { name } } }',
        '{ me { username } __schema { queryType { name } } }',
      ]) {
        counts.tried++;
        const res = await postGraphql(gateway.graphqlUrl, { query }, auth);
        expect(res.status, query).toBe(400);
        expect(res.text).not.toMatch(/Payment|PaymentStatus|cancelPayment/);
        counts.rejected++;
      }
      // __typename is not introspection: the web's documents still work.
      const typename = await postGraphql(
        gateway.graphqlUrl,
        { query: '{ __typename me { username } }' },
        auth,
      );
      expect(typename.status).toBe(200);
      counts.tried++;
      const sandbox = await fetch(`${gateway.url}/sandbox`);
      expect(sandbox.status).toBe(404);
      const browserGet = await fetch(gateway.graphqlUrl, {
        headers: { accept: 'text/html' },
        redirect: 'manual',
      });
      expect(browserGet.status).not.toBe(302);
      expect(await browserGet.text()).not.toMatch(/<html|sandbox/i);
      counts.rejected++;
    } finally {
      await gateway.close();
    }
  });

  it('follows the flags when set explicitly', async () => {
    const config = loadConfig({
      STUBS_URL: stack.stubs.url,
      INTROSPECTION: 'false',
      GRAPHQL_SANDBOX: 'false',
    });
    const gateway = await startGateway(
      { ...config, port: 0, keycloakIssuer: stack.emulator.issuer, keycloakJwksUrl: stack.emulator.jwksUrl },
      { logger: createLogger('silent') },
    );
    try {
      counts.tried += 2;
      const res = await postGraphql(
        gateway.graphqlUrl,
        { query: '{ __schema { types { name } } }' },
        { authorization: `Bearer ${token}` },
      );
      expect(res.status).toBe(400);
      expect((await fetch(`${gateway.url}/sandbox`)).status).toBe(404);
      counts.rejected += 2;
    } finally {
      await gateway.close();
    }
    // The development stack of this suite has both on (the default outside production).
    expect((await fetch(`${stack.gateway.url}/sandbox`)).status).toBe(200);
    expect((await send('{ __schema { queryType { name } } }')).status).toBe(200);
  });
});

describe('security headers and CORS', () => {
  it('sends the security headers on every kind of answer, and no x-powered-by', async () => {
    const base = stack.gateway.url;
    const answers: Array<[string, Response]> = [
      [
        'graphql 200',
        await fetch(stack.gateway.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: '{"query":"{ me { username } }"}',
        }),
      ],
      [
        'graphql 401',
        await fetch(stack.gateway.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ me { username } }"}',
        }),
      ],
      [
        'graphql 400',
        await fetch(stack.gateway.graphqlUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: '{"query":"{"}',
        }),
      ],
      ['healthz', await fetch(`${base}/healthz`)],
      ['readyz', await fetch(`${base}/readyz`)],
      ['not found', await fetch(`${base}/nada`)],
      ['sandbox', await fetch(`${base}/sandbox`)],
    ];
    for (const [name, res] of answers) {
      await res.arrayBuffer();
      expect(res.headers.get('x-content-type-options'), name).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), name).toBe('no-referrer');
      expect(res.headers.get('x-powered-by'), name).toBeNull();
      expect(res.headers.get('content-security-policy'), name).toMatch(/frame-ancestors 'none'/);
      if (name !== 'sandbox') {
        expect(res.headers.get('content-security-policy'), name).toMatch(/default-src 'none'/);
        expect(res.headers.get('cache-control'), name).toMatch(/no-store/);
      }
    }
  });

  it('reflects only allowlisted origins, never with credentials', async () => {
    const preflight = (origin: string) =>
      fetch(stack.gateway.graphqlUrl, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight('http://localhost:5173');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
    expect(allowed.headers.get('vary')).toMatch(/origin/i);
    for (const origin of [
      'http://evil.example.com',
      'http://localhost:5173.evil.example.com',
      'http://localhost:51730',
      'https://localhost:5173',
      'HTTP://LOCALHOST:5173',
      'null',
      'http://localhost',
    ]) {
      counts.tried++;
      const res = await preflight(origin);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      const actual = await fetch(stack.gateway.graphqlUrl, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{"query":"{ me { username } }"}',
      });
      await actual.arrayBuffer();
      expect(actual.headers.get('access-control-allow-origin'), origin).toBeNull();
      counts.rejected++;
    }
    const actualAllowed = await fetch(stack.gateway.graphqlUrl, {
      method: 'POST',
      headers: {
        origin: 'http://localhost:5173',
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
      },
      body: '{"query":"{ me { username } }"}',
    });
    expect(actualAllowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(actualAllowed.headers.get('access-control-expose-headers')).toMatch(/x-request-id/);
  });
});
