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

describe('the cost of a request', () => {
  const cost = (query: string, variables: Record<string, unknown> = {}) =>
    estimateCost(schema, parse(query), undefined, variables).cost;

  it('counts 2 per field with a selection, 1 per leaf, each level 1.5 times its parent’s', () => {
    expect(cost('{ me { username } }')).toBe(2 + 1.5);
    expect(cost('{ a: me { username } b: me { username name } }')).toBe(2 + 1.5 + 2 + 3);
    // An object's type name is free: Apollo Client asks it of every object, no resolver runs for it.
    expect(cost('{ __typename }')).toBe(0);
    expect(cost('{ me { username __typename } }')).toBe(2 + 1.5);
  });

  it('counts a page’s rows once per row asked: the literal, the variable, or the default page of 25', () => {
    const page = (n: number) => 2 + 1.5 * n * (2 + 1.5);
    expect(cost('{ activity(pageSize: 1) { rows { id } } }')).toBe(page(1));
    expect(cost('query($n: Int) { activity(pageSize: $n) { rows { id } } }', { n: 100 })).toBe(page(100));
    expect(cost('{ activity { rows { id } } }')).toBe(page(25));
    // Past 100 the resolver refuses it: the estimate counts 100, never more.
    expect(cost('{ activity(pageSize: 5000) { rows { id } } }')).toBe(page(100));
    // total and the other fields of the page are not rows.
    expect(cost('{ activity(pageSize: 100) { total } }')).toBe(2 + 1.5);
  });

  it('counts a fragment as its fields wherever it is spread, and introspection like any field', () => {
    const inline = cost('{ activity(pageSize: 10) { rows { id user } } }');
    expect(cost('{ activity(pageSize: 10) { rows { ...F } } } fragment F on ActivityEvent { id user }')).toBe(
      inline,
    );
    expect(
      cost(
        '{ a: activity(pageSize: 10) { rows { ...F } } b: activity(pageSize: 10) { rows { ...F } } } fragment F on ActivityEvent { id user }',
      ),
    ).toBe(2 * inline);
    expect(cost('{ __schema { types { name } } }')).toBe(2 + 1.5 * (2 + 1.5));
    expect(estimateCost(schema, parse('{ __schema { types { name } } }'), undefined, {}).upstreamCalls).toBe(
      0,
    );
  });
});

describe('the walk of a document built to explode', () => {
  it('stops at its bound, counting a cost past any limit', () => {
    // Forty fragments, each spreading the next one twice: 2^40 paths for a walk that follows them all (a walk without
    // its bound would not end within the test's timeout).
    const fragments = Array.from(
      { length: 40 },
      (_, i) => `fragment F${i} on Query { ${i === 39 ? 'me { username }' : `...F${i + 1} ...F${i + 1}`} }`,
    ).join('\n');
    const estimate = estimateCost(schema, parse(`{ ...F0 }\n${fragments}`), undefined, {});
    expect(estimate.cost).toBeGreaterThanOrEqual(100_000);
  });
});
