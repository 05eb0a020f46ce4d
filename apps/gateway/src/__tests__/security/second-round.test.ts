import { createHash } from 'node:crypto';
/**
 * Second round of hardening, over HTTP against the real stubs and the Keycloak emulator:
 * upstream cost and the per-request budget, body limits read from Content-Length and cut while streaming,
 * unsupported operation kinds, persisted queries off, and readiness that does not depend on Keycloak.
 */
import { request as httpRequest } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, type DefinitionNode, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../load-config.js';
import { limitMessage } from '../../limits/query-limits.js';
import { estimateCost } from '../../limits/upstream-budget.js';
import { ARMOR_LIMITS } from '../../server.js';
import { UNSUPPORTED_OPERATION_MESSAGE } from '../../limits/operation-kinds.js';
import { buildSchema } from '../../schema.js';
import { BODY_LIMIT_BYTES } from '../../server.js';
import { errorsOf, postGraphql, startSecurityStack, type SecurityStack } from './harness.js';

let stack: SecurityStack;
let holderToken: string;
const budget = loadConfig({}).upstreamCallBudget;

beforeAll(async () => {
  stack = await startSecurityStack({ captureLogs: true });
  holderToken = await stack.tokenWith(['PAYMENT_HOLDER', 'PAYMENT_SHOW_DETAIL']);
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const send = (query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}) =>
  postGraphql(
    stack.gateway.graphqlUrl,
    { query, ...(variables ? { variables } : {}) },
    { authorization: `Bearer ${holderToken}`, ...headers },
  );

/** The request of the finding: 15 aliases of a 100-row page with the card holder of every row. */
const FIFTEEN_PAGES_OF_HOLDERS = `{\n${Array.from(
  { length: 15 },
  (_, i) => `  p${i}: payments(page: ${i + 1}, pageSize: 100) { rows { paymentMethods { holderName } } }`,
).join('\n')}\n}`;

describe('upstream cost and the per-request budget', () => {
  it('refuses the 15-alias holder request naming the budget, its value and the calls, with 0 upstream calls', async () => {
    await stack.clearUpstreamRequests();
    const started = performance.now();
    const res = await send(FIFTEEN_PAGES_OF_HOLDERS);
    expect(res.status).toBe(400);
    const limit = { name: 'maxUpstreamCalls', max: budget, found: 15 * 101 } as const;
    expect(errorsOf(res.json)).toEqual([
      { message: limitMessage(limit), extensions: { code: 'BAD_REQUEST', limit } },
    ]);
    expect(limitMessage(limit)).toMatch(
      new RegExp(
        `^La consulta pediría 1515 llamadas a los servicios; el máximo es ${budget} \\(maxUpstreamCalls\\)\\. `,
      ),
    );
    // The answer prices the refused request as every answer does.
    const cost = (res.json as { extensions: { cost: { upstreamCalls: unknown } } }).extensions.cost;
    expect(cost.upstreamCalls).toEqual({ requested: 15 * 101, limit: budget });
    expect(await stack.upstreamRequests()).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('counts the page size given by a variable, and lets a small page of holders through', async () => {
    const query = `query Holders($size: Int) { payments(pageSize: $size) { rows { paymentMethods { holderName } } } }`;
    await stack.clearUpstreamRequests();
    const big = await send(query, { size: 100 });
    expect(errorsOf(big.json)[0]?.extensions).toEqual({
      code: 'BAD_REQUEST',
      limit: { name: 'maxUpstreamCalls', max: budget, found: 101 },
    });
    expect(await stack.upstreamRequests()).toEqual([]);
    const small = await send(query, { size: 5 });
    expect(small.status).toBe(200);
    expect(errorsOf(small.json)).toEqual([]);
  });

  it('estimates per-row lookups per row, batched ones once, and pages by pageSize (capped at 100)', () => {
    const schema = buildSchema();
    const estimate = (query: string, variables?: Record<string, unknown>) =>
      estimateCost(schema, parse(query), undefined, variables).upstreamCalls;
    expect(estimate('{ me { username } }')).toBe(1);
    expect(estimate('{ payments(pageSize: 10) { rows { id } } }')).toBe(1);
    expect(estimate('{ payments(pageSize: 10) { rows { paymentMethods { holderName } } } }')).toBe(11);
    expect(estimate('{ payments(pageSize: 10) { rows { collector { name } } } }')).toBe(2);
    expect(estimate('{ subscriptions(pageSize: 10) { rows { collector { name } } } }')).toBe(2);
    expect(estimate('{ payments { rows { paymentMethods { holderName } } } }')).toBe(26);
    expect(estimate('{ payments(pageSize: 5000) { rows { paymentMethods { holderName } } } }')).toBe(101);
    expect(
      estimate(
        'query($n: Int = 7) { payments(pageSize: $n) { rows { ...H } } } fragment H on Payment { paymentMethods { holderName } }',
      ),
    ).toBe(8);
    expect(estimate(FIFTEEN_PAGES_OF_HOLDERS)).toBe(15 * 101);
  });

  it("keeps every screen's own documents well inside the budget (at the largest page)", () => {
    const schema = buildSchema();
    const webSrc = fileURLToPath(new URL('../../../../web/src/', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.graphql')) files.push(path);
      }
    };
    walk(webSrc);
    const definitions: DefinitionNode[] = files.flatMap((f) => parse(readFileSync(f, 'utf8')).definitions);
    const fragments = definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
    const operations = definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    expect(operations.length).toBeGreaterThan(5);
    for (const operation of operations) {
      const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: [operation, ...fragments] };
      const name = operation.name?.value ?? '(anónima)';
      const estimate = estimateCost(schema, document, name, { pageSize: 100 });
      expect(estimate.upstreamCalls, name).toBeLessThanOrEqual(budget / 4);
      // The cost grows with the page: the screens' largest pages stay within maxCost too.
      expect(Math.ceil(estimate.cost), name).toBeLessThanOrEqual(ARMOR_LIMITS.maxCost);
    }
  });
});

describe('operation kinds and persisted queries', () => {
  it('answers a subscription as a client error without an error-level log', async () => {
    stack.logLines.length = 0;
    const res = await send('subscription Watch { payments { total } }');
    expect(res.status).toBe(400);
    expect(errorsOf(res.json)).toEqual([
      { message: UNSUPPORTED_OPERATION_MESSAGE, extensions: { code: 'BAD_REQUEST' } },
    ]);
    expect(stack.logLines.filter((l) => JSON.parse(l).level === 'error')).toEqual([]);
  });

  it("stores no client's persisted query: a hash runs only one of the web's trusted documents (no cache to fill)", async () => {
    const query = '{ me { username } }';
    const extensions = {
      persistedQuery: {
        version: 1,
        sha256Hash: createHash('sha256').update(query).digest('hex'),
      },
    };
    const register = await fetch(stack.gateway.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${holderToken}` },
      body: JSON.stringify({ query, extensions }),
    });
    // The text runs as any document (its hash checked against it), and is not kept.
    const registered = (await register.json()) as { data?: { me?: unknown } };
    expect(registered.data?.me).toBeDefined();
    const byHash = await fetch(stack.gateway.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${holderToken}` },
      body: JSON.stringify({ extensions }),
    });
    const answered = (await byHash.json()) as {
      data?: unknown;
      errors?: Array<{ extensions?: { code?: string } }>;
    };
    expect(answered.data).toBeUndefined();
    expect(answered.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });
});

interface RawAnswer {
  status: number;
  body: string;
  /** Request body bytes written before the answer came. */
  sentBeforeAnswer: number;
}

/**
 * POSTs to /graphql writing the body in 64 KiB chunks for as long as the server reads it (up to `totalBytes`),
 * declaring `declaredLength` (or none: chunked), and resolves with the first answer.
 */
function uploadUntilAnswered(totalBytes: number, declaredLength: number | null): Promise<RawAnswer> {
  const url = new URL(stack.gateway.graphqlUrl);
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${holderToken}`,
        ...(declaredLength !== null ? { 'content-length': String(declaredLength) } : {}),
      },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const sentBeforeAnswer = sent;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sentBeforeAnswer }));
      res.on('error', reject);
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!answered && sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered && sent >= totalBytes) req.end();
    };
    req.write('{"query":"');
    pump();
  });
}

describe('request bodies', () => {
  it('refuses a declared 10 GB body from Content-Length, before reading it', async () => {
    const answer = await uploadUntilAnswered(64 * 1024 * 1024, 10 * 1024 ** 3);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      errors: [{ message: 'La solicitud es demasiado grande.', extensions: { code: 'BAD_REQUEST' } }],
      // Priced as every answer: nothing of it ran.
      extensions: {
        cost: { requested: 0, limit: ARMOR_LIMITS.maxCost, upstreamCalls: { requested: 0, limit: budget } },
      },
    });
    expect(answer.sentBeforeAnswer).toBeLessThan(64 * 1024 * 1024);
  });

  it('cuts a streamed (chunked) body at the limit instead of reading all of it', async () => {
    const answer = await uploadUntilAnswered(64 * 1024 * 1024, null);
    expect(answer.status).toBe(413);
    expect(answer.sentBeforeAnswer).toBeLessThan(16 * BODY_LIMIT_BYTES);
  });

  it('still accepts a body just under the limit', async () => {
    const filler = ' '.repeat(BODY_LIMIT_BYTES - 200);
    const res = await send(`{ me { username } }${filler}`);
    expect(res.status).not.toBe(413);
  });
});

describe('readiness', () => {
  it('is this process being ready: /readyz stays 200 while the realm keys cannot be fetched', async () => {
    const { startGateway } = await import('../../index.js');
    const { createLogger } = await import('../../logger.js');
    const gateway = await startGateway(
      { port: 0, keycloakJwksUrl: 'http://127.0.0.1:9/realms/none/certs', logLevel: 'silent' },
      { logger: createLogger('silent') },
    );
    try {
      const ready = await fetch(`${gateway.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok' });
    } finally {
      await gateway.close();
    }
  });
});
