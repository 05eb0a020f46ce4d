/**
 * Bulk mutations and the upstream budget: a bulk counts one call against UPSTREAM_CALL_BUDGET (its read
 * of the selection) and its ids, one write each, against their own per-request bound, BULK_MAX_ITEMS. A bulk of
 * the largest size stays usable; aliases or several bulk fields adding up past the bound are refused before any
 * upstream call, with a Spanish message that names the limit (maxBulkItems), its value and the items asked for.
 */
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitMessage } from '../../limits/query-limits.js';
import { estimateCost } from '../../limits/upstream-budget.js';
import { buildSchema } from '../../schema.js';
import { bulkSettings } from '../../shared/bulk.js';
import { errorsOf, postGraphql, startSecurityStack, type SecurityStack } from './harness.js';

let stack: SecurityStack;
let token: string;
const maxItems = bulkSettings().maxItems;

beforeAll(async () => {
  stack = await startSecurityStack();
  token = await stack.tokenWith(['PAYMENT_CANCEL', 'PAYMENT_CANCEL_OBJECTION']);
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const send = (query: string, variables?: Record<string, unknown>) =>
  postGraphql(
    stack.gateway.graphqlUrl,
    { query, ...(variables ? { variables } : {}) },
    { authorization: `Bearer ${token}` },
  );

/** `n` ids of the seeded payment range (most exist; the rest come back FAILED without a write). */
const ids = (n: number, from = 1_000_001) => Array.from({ length: n }, (_, i) => String(from + i));

const cancel = (alias: string, variable: string) =>
  `${alias}: bulkCancelPayments(ids: $${variable}, reason: "Pedido del pagador", idempotencyKey: "k46-bulk-budget-37") { results { id outcome } }`;
const objections = (alias: string, variable: string) =>
  `${alias}: bulkCancelPaymentObjections(ids: $${variable}, reason: "Objeción resuelta", idempotencyKey: "k46-bulk-budget-39") { results { id outcome } }`;

describe('bulk mutations against the per-request bounds', () => {
  it('estimates one call per bulk selection and counts its ids apart', () => {
    const document = parse(
      `mutation($a: [ID!]!, $b: [ID!]!) { ${cancel('x', 'a')} ${cancel('y', 'a')} ${objections('z', 'b')} }`,
    );
    const estimate = estimateCost(buildSchema(), document, undefined, { a: ids(300), b: ids(7) });
    expect(estimate).toMatchObject({ upstreamCalls: 3, bulkItems: 607, bulkSelections: 3 });
    // Literal lists count the same way.
    const literal = parse(
      `mutation { bulkCancelPayments(ids: ["1", "2", "3"], reason: "r", idempotencyKey: "k46-bulk-budget-50") { results { id } } }`,
    );
    expect(estimateCost(buildSchema(), literal, undefined, {})).toMatchObject({
      upstreamCalls: 1,
      bulkItems: 3,
      bulkSelections: 1,
    });
  });

  it(`runs one bulk of ${maxItems} ids (one result per id)`, async () => {
    await stack.resetStubs();
    const res = await send(`mutation($a: [ID!]!) { ${cancel('r', 'a')} }`, { a: ids(maxItems) });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    expect(errorsOf(res.json)).toEqual([]);
    const results = (res.json as { data: { r: { results: unknown[] } } }).data.r.results;
    expect(results).toHaveLength(maxItems);
  }, 120_000);

  it('refuses aliases of bulks that add up past the bound, before any upstream call', async () => {
    await stack.clearUpstreamRequests();
    const half = Math.floor(maxItems / 2) + 1;
    const fifteen = Math.ceil(maxItems / 15) + 1;
    for (const [query, variables, found] of [
      [`mutation($a: [ID!]!) { ${cancel('x', 'a')} ${cancel('y', 'a')} }`, { a: ids(half) }, 2 * half],
      [
        `mutation($a: [ID!]!, $b: [ID!]!) { ${cancel('x', 'a')} ${objections('y', 'b')} }`,
        { a: ids(half), b: ids(half, 1_000_600) },
        2 * half,
      ],
      // Fifteen aliases of a small bulk each: within the call budget, past the item bound.
      [
        `mutation($a: [ID!]!) { ${Array.from({ length: 15 }, (_, i) => cancel(`c${i}`, 'a')).join(' ')} }`,
        { a: ids(fifteen) },
        15 * fifteen,
      ],
    ] as const) {
      const res = await send(query, variables);
      expect(res.status).toBe(400);
      const limit = { name: 'maxBulkItems', max: maxItems, found } as const;
      expect(errorsOf(res.json)).toEqual([
        { message: limitMessage(limit), extensions: { code: 'BAD_REQUEST', limit } },
      ]);
      expect(limitMessage(limit)).toContain(`el máximo es ${maxItems} (maxBulkItems)`);
    }
    expect(await stack.upstreamRequests()).toEqual([]);
  });

  it('lets several small bulks through when their ids stay within the bound', async () => {
    await stack.resetStubs();
    await stack.clearUpstreamRequests();
    const res = await send(
      `mutation($a: [ID!]!, $b: [ID!]!) { ${cancel('x', 'a')} ${objections('y', 'b')} }`,
      {
        a: ids(3),
        b: ids(3, 1_000_010),
      },
    );
    expect(res.status).toBe(200);
    expect(errorsOf(res.json)).toEqual([]);
    expect((await stack.upstreamRequests()).length).toBeGreaterThan(0);
  });

  it(`leaves a single bulk over ${maxItems} ids to its own message (which names the field), with no call`, async () => {
    await stack.clearUpstreamRequests();
    const res = await send(
      `mutation($a: [ID!]!) { r: bulkCancelPayments(ids: $a, reason: "Pedido", idempotencyKey: "k62-bulk-over") { outcome error { message code field } results { id } } }`,
      { a: ids(maxItems + 1) },
    );
    // Schema 2.0.0: the bulk's payload refuses the whole request, naming the argument; no error of the response.
    expect(errorsOf(res.json)).toEqual([]);
    expect((res.json as { data: { r: unknown } }).data.r).toMatchObject({
      outcome: 'FAILED',
      error: {
        message: `Se pueden procesar hasta ${maxItems} pagos por vez (ids).`,
        code: 'INVALID_INPUT',
        field: ['ids'],
      },
      results: [],
    });
    expect(await stack.upstreamRequests()).toEqual([]);
  });
});
