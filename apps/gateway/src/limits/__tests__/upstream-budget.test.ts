import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchema } from '../../schema.js';
import { estimateCost, estimateRequestCost } from '../upstream-budget.js';

const schema = buildSchema();

describe('the upstream estimate of a request', () => {
  it('is computed once per query document whatever variables it does not read (a detail’s id)', () => {
    const document = parse(
      'query Detail($id: ID!) { payment(id: $id) { id paymentMethods { holderName } collector { name } } }',
    );
    const first = estimateRequestCost(schema, document, 'Detail', { id: '1000001' });
    expect(first).toEqual(estimateCost(schema, document, 'Detail', { id: '1000001' }));
    expect(estimateRequestCost(schema, document, 'Detail', { id: '1000002' })).toBe(first);
    // Another parse of the same text is another document: its own estimate.
    expect(estimateRequestCost(schema, parse(document.loc!.source.body), 'Detail', { id: '1' })).not.toBe(
      first,
    );
  });

  it('follows the variables it reads: a page size, absent (the default) or sent as null', () => {
    const document = parse(
      'query List($n: Int = 7) { payments(pageSize: $n) { rows { paymentMethods { holderName } } } }',
    );
    const calls = (variables: Record<string, unknown>) =>
      estimateRequestCost(schema, document, 'List', variables).upstreamCalls;
    expect(calls({})).toBe(8);
    expect(calls({ n: 10 })).toBe(11);
    expect(calls({ n: 10, other: 'x' })).toBe(11);
    expect(calls({ n: null })).toBe(estimateCost(schema, document, 'List', { n: null }).upstreamCalls);
    expect(calls({})).toBe(8);
  });

  it('is computed again for every mutation (its ids are never kept)', () => {
    const document = parse(
      'mutation Cancel($ids: [ID!]!) { bulkCancelPayments(ids: $ids, reason: "r", idempotencyKey: "k46-upstream-bud-37") { results { id } } }',
    );
    const first = estimateRequestCost(schema, document, 'Cancel', { ids: ['1', '2'] });
    expect(first.bulkItems).toBe(2);
    const again = estimateRequestCost(schema, document, 'Cancel', { ids: ['1', '2'] });
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });
});
