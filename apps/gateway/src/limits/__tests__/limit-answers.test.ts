// Limits that name themselves: a refusal says which limit, its value and what the document used, in
// Spanish; every answer reports its cost and what is left of the operator's rate limit in `extensions`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE, ISSUER, startJwksFixture, type JwksFixture } from '../../auth/__tests__/jwks-fixture.js';
import { gql } from '../../__tests__/http-helpers.js';
import { startGateway, type RunningGateway } from '../../index.js';
import { loadConfig } from '../../load-config.js';
import { createLogger } from '../../logger.js';
import { ARMOR_LIMITS } from '../../server.js';
import { priceOperation } from '../price.js';
import { limitMessage, limitRefusal } from '../query-limits.js';

const RATE_LIMIT_MAX = 500;

let keys: JwksFixture;
let gateway: RunningGateway;
let token: string;

beforeAll(async () => {
  keys = await startJwksFixture();
  gateway = await startGateway(
    {
      ...loadConfig({}),
      port: 0,
      host: '127.0.0.1',
      keycloakIssuer: ISSUER,
      keycloakJwksUrl: keys.jwksUrl,
      keycloakAudience: AUDIENCE,
      introspection: true,
      rateLimitMax: RATE_LIMIT_MAX,
    },
    { logger: createLogger('silent') },
  );
  token = await keys.sign(keys.claims());
});
afterAll(async () => {
  await gateway?.close();
  await keys?.close();
});

interface Answer {
  data?: unknown;
  errors?: { message: string; extensions: Record<string, unknown> }[];
  extensions?: {
    cost?: {
      requested: number | null;
      limit: number;
      upstreamCalls: { requested: number | null; limit: number };
    };
    rateLimit?: { limit: number; remaining: number; windowSeconds: number; resetAt: string | null };
  };
}

const ask = async (query: string, variables?: Record<string, unknown>) => {
  const res = await gql(gateway.graphqlUrl, query, { token, ...(variables ? { variables } : {}) });
  return { status: res.status, body: res.body as Answer };
};

const UPSTREAM_CALL_BUDGET = loadConfig({}).upstreamCallBudget;
/** An answer's `extensions.cost` for a cost and a number of upstream calls. */
const costOf = (requested: number | null, calls: number | null) => ({
  requested,
  limit: ARMOR_LIMITS.maxCost,
  upstreamCalls: { requested: calls, limit: UPSTREAM_CALL_BUDGET },
});

/** `{ __type(name: "Payment") { <a nested ofType chain of this many levels> } }`: depth = levels + 2. */
const ofTypeChain = (levels: number) => `${'ofType { '.repeat(levels)}name${' }'.repeat(levels)}`;
const aliases = (count: number) =>
  Array.from({ length: count }, (_, i) => `a${i}: me { username }`).join(' ');

describe('a query past a limit', () => {
  it.each([
    [
      'maxAliases',
      `{ ${aliases(ARMOR_LIMITS.maxAliases + 1)} }`,
      `La consulta usa ${ARMOR_LIMITS.maxAliases + 1} alias; el máximo es ${ARMOR_LIMITS.maxAliases} (maxAliases).`,
      ARMOR_LIMITS.maxAliases + 1,
    ],
    [
      'maxDepth',
      `{ __type(name: "Payment") { ${ofTypeChain(ARMOR_LIMITS.maxDepth - 1)} } }`,
      `La consulta anida ${ARMOR_LIMITS.maxDepth + 1} niveles; el máximo es ${ARMOR_LIMITS.maxDepth} (maxDepth).`,
      ARMOR_LIMITS.maxDepth + 1,
    ],
    [
      'maxDirectives',
      `{ me { ${'username @include(if: true) '.repeat(ARMOR_LIMITS.maxDirectives + 1)} } }`,
      `La consulta usa ${ARMOR_LIMITS.maxDirectives + 1} directivas; el máximo es ${ARMOR_LIMITS.maxDirectives} (maxDirectives).`,
      ARMOR_LIMITS.maxDirectives + 1,
    ],
    [
      'maxTokens',
      `{ me { ${'username '.repeat(ARMOR_LIMITS.maxTokens)} } }`,
      `El documento tiene más de ${ARMOR_LIMITS.maxTokens} tokens; el máximo es ${ARMOR_LIMITS.maxTokens} (maxTokens).`,
      ARMOR_LIMITS.maxTokens + 1,
    ],
  ])('%s: answers the limit’s name and value in Spanish', async (name, query, message, found) => {
    const { status, body } = await ask(query);
    expect(status).toBe(400);
    expect(body.errors).toHaveLength(1);
    expect(body.errors![0]!.message).toBe(message);
    expect(body.errors![0]!.extensions.limit).toEqual({ name, max: ARMOR_LIMITS[name as 'maxDepth'], found });
  });

  it('maxCost: names the cost found, and the answer reports it', async () => {
    const query = `{ __schema { types { fields { type { ofType { ofType { ofType { ${'name '.repeat(600)} } } } } } } } }`;
    const { status, body } = await ask(query);
    expect(status).toBe(400);
    const [error] = body.errors!;
    expect(error!.extensions).toMatchObject({ code: 'GRAPHQL_VALIDATION_FAILED' });
    const limit = error!.extensions.limit as { name: string; max: number; found: number };
    expect(limit.name).toBe('maxCost');
    expect(limit.max).toBe(ARMOR_LIMITS.maxCost);
    expect(limit.found).toBeGreaterThan(ARMOR_LIMITS.maxCost);
    expect(error!.message).toBe(
      `La consulta cuesta ${limit.found}; el máximo es ${ARMOR_LIMITS.maxCost} (maxCost). Pedí menos campos, menos alias o páginas más chicas (pageSize).`,
    );
    // Introspection calls no service.
    expect(body.extensions?.cost).toEqual(costOf(limit.found, 0));
  });

  it('maxCost: counts a page size given by a variable', async () => {
    // Eight pages of six fields a row: 8 × (2 + 1.5 × n × (2 + 1.5 × 6)), 1336 at 10 rows, 13216 at 100.
    const pages = Array.from(
      { length: 8 },
      (_, i) => `p${i}: activity(pageSize: $n) { rows { id user operation result at area } }`,
    );
    const query = `query Big($n: Int) { ${pages.join(' ')} }`;
    const small = await ask(query, { n: 10 });
    expect(small.body.errors?.[0]?.extensions.code).not.toBe('GRAPHQL_VALIDATION_FAILED');
    const { status, body } = await ask(query, { n: 100 });
    expect(status).toBe(400);
    expect(body.errors![0]!.extensions).toMatchObject({
      code: 'GRAPHQL_VALIDATION_FAILED',
      limit: { name: 'maxCost', max: ARMOR_LIMITS.maxCost, found: 13216 },
    });
    expect(small.body.extensions?.cost?.requested).toBe(1336);
  });

  it('maxUpstreamCalls: names the budget, its value and the calls the request would make', async () => {
    const query = `{ ${Array.from({ length: 15 }, (_, i) => `p${i}: payments(pageSize: 10) { rows { paymentMethods { holderName } } }`).join(' ')} }`;
    const { status, body } = await ask(query);
    expect(status).toBe(400);
    const limit = { name: 'maxUpstreamCalls', max: UPSTREAM_CALL_BUDGET, found: 15 * 11 };
    expect(body.errors).toEqual([
      {
        message: `La consulta pediría 165 llamadas a los servicios; el máximo es ${UPSTREAM_CALL_BUDGET} (maxUpstreamCalls). Pedí menos filas, menos alias, o los datos que se buscan fila por fila (como el titular) solo en el detalle.`,
        extensions: { code: 'BAD_REQUEST', limit },
      },
    ]);
    expect(body.extensions?.cost?.upstreamCalls).toEqual({ requested: 165, limit: UPSTREAM_CALL_BUDGET });
  });

  it('reads no other refusal as a limit', () => {
    expect(limitRefusal('Cannot query field "x" on type "Query".')).toBeNull();
    expect(limitMessage({ name: 'maxAliases', max: 15, found: 16 })).toBe(
      'La consulta usa 16 alias; el máximo es 15 (maxAliases).',
    );
  });
});

describe('every answer', () => {
  it('reports its cost and what is left of the operator’s rate limit', async () => {
    const first = await ask('{ me { username } }');
    expect(first.status).toBe(200);
    expect(first.body.errors).toBeUndefined();
    const { cost, rateLimit } = first.body.extensions!;
    // me (an object, 2) with one scalar (1 × the depth factor 1.5); one upstream call.
    expect(cost).toEqual(costOf(4, 1));
    expect(rateLimit).toMatchObject({ limit: RATE_LIMIT_MAX, windowSeconds: 60 });
    expect(rateLimit!.remaining).toBeLessThan(RATE_LIMIT_MAX);
    expect(Date.parse(rateLimit!.resetAt!)).toBeGreaterThan(Date.now());

    const second = await ask('{ a: me { username } b: me { name } }');
    expect(second.body.extensions?.cost).toEqual(costOf(7, 2));
    expect(second.body.extensions?.rateLimit?.remaining).toBe(rateLimit!.remaining - 1);
  });

  it('reports them on a refusal too', async () => {
    const { body } = await ask('{ nope }');
    expect(body.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(body.extensions?.cost?.limit).toBe(ARMOR_LIMITS.maxCost);
    expect(body.extensions?.rateLimit?.limit).toBe(RATE_LIMIT_MAX);
  });
});

describe('the cost', () => {
  it('grows with the page size (a variable or a literal), rows counted once per row', async () => {
    const query = 'query Page($n: Int) { activity(pageSize: $n) { rows { id } } }';
    // activity (2) + its rows (2 × 1.5 each) with an id (1 × 1.5 × 1.5 each): 2 + 5.25 per row.
    const costs = [];
    for (const n of [1, 25, 100]) {
      const { body } = await ask(query, { n });
      costs.push(body.extensions?.cost?.requested);
      const literal = await ask(`{ activity(pageSize: ${n}) { rows { id } } }`);
      expect(literal.body.extensions?.cost?.requested).toBe(body.extensions?.cost?.requested);
    }
    expect(costs).toEqual([Math.ceil(2 + 5.25), Math.ceil(2 + 5.25 * 25), Math.ceil(2 + 5.25 * 100)]);
    // Without a page size, the default page (25).
    expect((await ask('{ activity { rows { id } } }')).body.extensions?.cost?.requested).toBe(costs[1]);
  });

  it('is in every answer, a refusal without a token included (401: nothing ran)', async () => {
    const res = await gql(gateway.graphqlUrl, '{ me { username } }', {});
    expect(res.status).toBe(401);
    const body = res.body as Answer;
    expect(body.errors?.[0]?.extensions.code).toBe('UNAUTHENTICATED');
    expect(body.extensions?.cost).toEqual(costOf(0, 0));
    const forged = await gql(gateway.graphqlUrl, '{ me { username } }', { token: `${token}x` });
    expect(forged.status).toBe(401);
    expect((forged.body as Answer).extensions?.cost).toEqual(costOf(0, 0));
  });
});

describe('priceOperation', () => {
  it('prices a document before it is sent as its answer reports it, refusals included', async () => {
    const holders = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `p${i}: payments(pageSize: $size) { rows { paymentMethods { holderName } } }`).join(' ')} }`.replace(
        '{ ',
        'query Holders($size: Int) { ',
      );
    const cases: [string, Record<string, unknown>][] = [
      ['{ me { username } }', {}],
      ['query Page($n: Int) { activity(pageSize: $n) { rows { id user } total } }', { n: 40 }],
      [holders(15), { size: 10 }],
    ];
    for (const [query, variables] of cases) {
      const price = priceOperation(query, { variables });
      const { body } = await ask(query, variables);
      expect(body.extensions?.cost, query).toEqual(costOf(price.cost, price.upstreamCalls));
      const refused = body.errors?.find((error) => error.extensions.limit);
      expect(refused?.extensions.limit ?? null, query).toEqual(
        price.refusal && { name: price.refusal.name, max: price.refusal.max, found: price.refusal.found },
      );
      if (price.refusal) expect(refused?.message).toBe(price.refusal.message);
    }
    expect(priceOperation(holders(15), { variables: { size: 10 } }).refusal?.name).toBe('maxUpstreamCalls');
    expect(priceOperation('{ me { username } }').limits).toMatchObject({
      maxCost: ARMOR_LIMITS.maxCost,
      maxUpstreamCalls: UPSTREAM_CALL_BUDGET,
    });
  });
});
