// Limits that name themselves (issue 62): a refusal says which limit, its value and what the document used, in
// Spanish; every answer reports its cost and what is left of the operator's rate limit in `extensions`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE, ISSUER, startJwksFixture, type JwksFixture } from '../../auth/__tests__/jwks-fixture.js';
import { gql } from '../../__tests__/http-helpers.js';
import { startGateway, type RunningGateway } from '../../index.js';
import { loadConfig } from '../../load-config.js';
import { createLogger } from '../../logger.js';
import { ARMOR_LIMITS } from '../../server.js';
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
    cost?: { requested: number | null; limit: number };
    rateLimit?: { limit: number; remaining: number; windowSeconds: number; resetAt: string | null };
  };
}

const ask = async (query: string) => {
  const res = await gql(gateway.graphqlUrl, query, { token });
  return { status: res.status, body: res.body as Answer };
};

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
      `La consulta cuesta ${limit.found}; el máximo es ${ARMOR_LIMITS.maxCost} (maxCost).`,
    );
    expect(body.extensions?.cost).toEqual({ requested: limit.found, limit: ARMOR_LIMITS.maxCost });
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
    // me (an object, 2) with one scalar (1 × the depth factor 1.5).
    expect(cost).toEqual({ requested: 4, limit: ARMOR_LIMITS.maxCost });
    expect(rateLimit).toMatchObject({ limit: RATE_LIMIT_MAX, windowSeconds: 60 });
    expect(rateLimit!.remaining).toBeLessThan(RATE_LIMIT_MAX);
    expect(Date.parse(rateLimit!.resetAt!)).toBeGreaterThan(Date.now());

    const second = await ask('{ a: me { username } b: me { name } }');
    expect(second.body.extensions?.cost).toEqual({ requested: 7, limit: ARMOR_LIMITS.maxCost });
    expect(second.body.extensions?.rateLimit?.remaining).toBe(rateLimit!.remaining - 1);
  });

  it('reports them on a refusal too', async () => {
    const { body } = await ask('{ nope }');
    expect(body.errors?.[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(body.extensions?.cost?.limit).toBe(ARMOR_LIMITS.maxCost);
    expect(body.extensions?.rateLimit?.limit).toBe(RATE_LIMIT_MAX);
  });
});
