/**
 * Bulk actions over "all N matching the filter" (shared/bulk-selection.ts) on payments and subscriptions, over
 * HTTP against the real stubs and the Keycloak emulator's tokens: the items are collected from the area's list
 * (one call per upstream page of 1000), each matching item is written once, and a count that changed, a selection
 * over BULK_MAX_ITEMS or a role without the permission is refused with nothing written. (The gateway names the
 * refused argument, " (matching.expectedCount)"; the web leaves it out.)
 */
import { parse } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { estimateCost } from '../../limits/upstream-budget.js';
import { buildSchema } from '../../schema.js';
import { collectionCalls } from '../bulk-selection.js';
import {
  callLines,
  dataAs,
  startAreaStack,
  writesOf,
  type AreaStack,
  type RecordedCall,
} from '../../__tests__/areas/stack.js';

let stack: AreaStack;
beforeAll(async () => {
  stack = await startAreaStack();
}, 60_000);
afterAll(async () => {
  await stack?.close();
});
beforeEach(async () => {
  await stack.reset();
});

type Json = ReturnType<typeof JSON.parse>;

const PAYMENTS_FILTER = { collectorId: '10002', status: 'ISSUED' };
const SUBSCRIPTIONS_FILTER = { collectorId: '10019' };

const CANCEL_PAYMENTS = /* GraphQL */ `
  mutation ($matching: PaymentsMatching, $ids: [ID!]) {
    bulkCancelPayments(
      matching: $matching
      ids: $ids
      reason: "Cierre de período"
      idempotencyKey: "k46-bulk-selecti-40"
    ) {
      outcome
      error {
        message
        code
        field
      }
      results {
        id
        outcome
        error {
          message
          code
        }
        payment {
          id
          status
        }
      }
    }
  }
`;

/** The whole request's refusal, from the bulk's payload (schema 2.0.0: never an error of the response). */
const refusalOf = (response: { body: { data?: Json | null; errors?: unknown } }) => {
  expect(response.body.errors).toBeUndefined();
  return (response.body.data as Json).bulkCancelPayments.error as Json;
};

const CANCEL_SUBSCRIPTIONS = /* GraphQL */ `
  mutation ($matching: SubscriptionsMatching) {
    bulkCancelSubscriptions(matching: $matching, reason: "Baja masiva", idempotencyKey: "intent-1") {
      error {
        message
      }
      results {
        id
        outcome
        error {
          message
          code
        }
        subscription {
          id
          status
        }
      }
    }
  }
`;

/** Every id of a list page read through the gateway (the operator's view of the filter). */
async function listedIds(
  field: 'payments' | 'subscriptions',
  type: string,
  filter: object,
): Promise<string[]> {
  const { data } = await dataAs(
    stack,
    'operador',
    `query($filter: ${type}) { ${field}(filter: $filter, pageSize: 100) { total rows { id } } }`,
    { filter },
  );
  const page = data[field];
  expect(page.rows).toHaveLength(page.total);
  return (page.rows as Json[]).map((row) => row.id as string);
}

const postedIds = (calls: readonly RecordedCall[], pattern: RegExp) =>
  writesOf(calls).map((call) => pattern.exec(call.path)?.[1] ?? `unexpected ${call.method} ${call.path}`);

describe('payments: bulk over the filter', () => {
  it('collects the matching payments in one list call and cancels each exactly once', async () => {
    const ids = await listedIds('payments', 'PaymentFilter', PAYMENTS_FILTER);
    expect(ids.length).toBeGreaterThan(1);
    const { data, calls } = await dataAs(stack, 'operador', CANCEL_PAYMENTS, {
      matching: { filter: PAYMENTS_FILTER, expectedCount: ids.length },
    });
    const results = data.bulkCancelPayments.results as Json[];
    expect(results.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(results.map((r) => [r.outcome, r.error])).toEqual(ids.map(() => ['SUCCESS', null]));
    // The id collection is one list call with the largest page; no second read of the selection.
    const reads = calls.filter((call) => call.method === 'GET');
    expect(callLines(reads)).toEqual(['GET /payment/pagos']);
    expect(reads[0]!.query).toMatchObject({ page: '1', limit: '1000' });
    const written = postedIds(calls, /^\/payment\/pagos\/(\d+)\/cancelar$/);
    expect([...written].sort()).toEqual([...ids].sort());
    // Nothing left matching: the stubs hold every one cancelled.
    const { data: after } = await dataAs(
      stack,
      'operador',
      `query($f: PaymentFilter) { payments(filter: $f) { total } }`,
      {
        f: PAYMENTS_FILTER,
      },
    );
    expect(after.payments.total).toBe(0);
  });

  it('refuses with zero writes when the search now returns another count', async () => {
    const ids = await listedIds('payments', 'PaymentFilter', PAYMENTS_FILTER);
    const { response, calls } = await stack.run<Json>('operador', CANCEL_PAYMENTS, {
      matching: { filter: PAYMENTS_FILTER, expectedCount: ids.length + 1 },
    });
    expect(refusalOf(response)).toMatchObject({
      message: `La búsqueda ahora devuelve ${ids.length} pagos, no ${ids.length + 1}: revísela y vuelva a confirmar (matching.expectedCount).`,
      code: 'INVALID_INPUT',
      field: ['matching', 'expectedCount'],
    });
    expect(writesOf(calls)).toEqual([]);
    expect(callLines(calls)).toEqual(['GET /payment/pagos']);
  });

  it('refuses over BULK_MAX_ITEMS: a confirmed count without any upstream call, a larger search with no write', async () => {
    const over = await stack.run<Json>('operador', CANCEL_PAYMENTS, {
      matching: { filter: {}, expectedCount: 501 },
    });
    expect(refusalOf(over.response)).toMatchObject({
      message: 'Se pueden procesar hasta 500 pagos por vez; refine la búsqueda (matching.expectedCount).',
      code: 'INVALID_INPUT',
      field: ['matching', 'expectedCount'],
    });
    expect(over.calls).toEqual([]);

    const grown = await stack.run<Json>('operador', CANCEL_PAYMENTS, {
      matching: { filter: { status: 'APPROVED' }, expectedCount: 500 },
    });
    expect(refusalOf(grown.response).message).toBe(
      'Se pueden procesar hasta 500 pagos por vez; refine la búsqueda (matching.expectedCount).',
    );
    expect(writesOf(grown.calls)).toEqual([]);
  });

  it('refuses ids and matching together, and an invalid filter, before any upstream call', async () => {
    const both = await stack.run<Json>('operador', CANCEL_PAYMENTS, {
      ids: ['1000005'],
      matching: { filter: PAYMENTS_FILTER, expectedCount: 1 },
    });
    expect(refusalOf(both.response)).toMatchObject({ code: 'INVALID_INPUT', field: ['matching'] });
    expect(both.calls).toEqual([]);
    const badFilter = await stack.run<Json>('operador', CANCEL_PAYMENTS, {
      matching: { filter: { search: 'x'.repeat(201) }, expectedCount: 3 },
    });
    expect(refusalOf(badFilter.response).code).toBe('INVALID_INPUT');
    expect(badFilter.calls).toEqual([]);
  });

  it('refuses consulta (no PAYMENT_CANCEL) with zero upstream calls', async () => {
    const { response, calls } = await stack.run<Json>('consulta', CANCEL_PAYMENTS, {
      matching: { filter: PAYMENTS_FILTER, expectedCount: 3 },
    });
    expect(response.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(calls).toEqual([]);
  });

  it('keeps ticked ids working as before', async () => {
    const { data, calls } = await dataAs(stack, 'operador', CANCEL_PAYMENTS, { ids: ['1000005'] });
    expect(data.bulkCancelPayments.results.map((r: Json) => r.outcome)).toEqual(['SUCCESS']);
    expect(postedIds(calls, /^\/payment\/pagos\/(\d+)\/cancelar$/)).toEqual(['1000005']);
  });
});

describe('subscriptions: bulk over the filter', () => {
  it('cancels every matching subscription once; an already cancelled one fails alone, unwritten', async () => {
    const ids = await listedIds('subscriptions', 'SubscriptionFilter', SUBSCRIPTIONS_FILTER);
    expect(ids.length).toBeGreaterThan(10);
    const { data, calls } = await dataAs(stack, 'operador', CANCEL_SUBSCRIPTIONS, {
      matching: { filter: SUBSCRIPTIONS_FILTER, expectedCount: ids.length },
    });
    const results = data.bulkCancelSubscriptions.results as Json[];
    expect(results.map((r) => r.id).sort()).toEqual([...ids].sort());
    const failed = results.filter((r) => r.outcome !== 'SUCCESS');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => r.outcome === 'FAILED' && r.error.code === 'ACTION_NOT_ALLOWED')).toBe(true);
    const succeeded = results.filter((r) => r.outcome === 'SUCCESS').map((r) => r.id as string);
    expect(callLines(calls.filter((c) => c.method === 'GET'))).toEqual(['GET /subscription/suscripciones']);
    const written = postedIds(calls, /^\/subscription\/suscripciones\/(\d+)\/cancelar$/);
    expect([...written].sort()).toEqual([...succeeded].sort());
    expect(new Set(written).size).toBe(written.length);
  });

  it('refuses a changed count with zero writes', async () => {
    const ids = await listedIds('subscriptions', 'SubscriptionFilter', SUBSCRIPTIONS_FILTER);
    const { response, calls } = await stack.run<Json>('operador', CANCEL_SUBSCRIPTIONS, {
      matching: { filter: SUBSCRIPTIONS_FILTER, expectedCount: ids.length - 1 },
    });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data!.bulkCancelSubscriptions.error?.message).toBe(
      `La búsqueda ahora devuelve ${ids.length} suscripciones, no ${ids.length - 1}: revísela y vuelva a confirmar (matching.expectedCount).`,
    );
    expect(writesOf(calls)).toEqual([]);
  });

  it('refuses consulta with zero upstream calls', async () => {
    const { response, calls } = await stack.run<Json>('consulta', CANCEL_SUBSCRIPTIONS, {
      matching: { filter: SUBSCRIPTIONS_FILTER, expectedCount: 3 },
    });
    expect(response.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(calls).toEqual([]);
  });
});

describe('the upstream budget of a bulk over the filter', () => {
  it('counts the list calls of the collection and expectedCount items, up to BULK_MAX_ITEMS', () => {
    const schema = buildSchema();
    const estimate = (expectedCount: number) =>
      estimateCost(schema, parse(CANCEL_PAYMENTS), undefined, {
        matching: { filter: PAYMENTS_FILTER, expectedCount },
      });
    expect(estimate(500)).toMatchObject({ upstreamCalls: 1, bulkItems: 500, bulkSelections: 1 });
    // Over the maximum: the resolver refuses it (INVALID_INPUT naming matching.expectedCount, no upstream call),
    // so the budget does not refuse it first with a message that names nothing.
    expect(estimate(2_000_000_000)).toMatchObject({ upstreamCalls: 1, bulkItems: 500 });
    expect(collectionCalls(1001)).toBe(2);
  });
});
