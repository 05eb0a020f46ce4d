import { describe, expect, it } from 'vitest';
import type { Filter, Paged } from '../../upstream/filters.js';
import { compareBySorts, UNION_READ_LIMIT, unionList } from '../union-list.js';

interface Row {
  id: string;
  date: string;
  tag: string;
}

const ROWS: Row[] = Array.from({ length: 30 }, (_, i) => ({
  id: String(100 + i),
  date: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
  tag: i % 3 === 0 ? 'a' : i % 3 === 1 ? 'b' : 'ab',
}));

/** A service that ANDs its filters: `tag` CONTAINS, newest first. */
function service() {
  const calls: { filters: Filter[]; page: number; limit: number }[] = [];
  const read = async (filters: Filter[], page: number, limit: number): Promise<Paged<Row>> => {
    calls.push({ filters, page, limit });
    const match = ROWS.filter((row) => filters.every((f) => row.tag.includes(String(f.value))))
      .slice()
      .sort((x, y) => y.date.localeCompare(x.date));
    return { rows: match.slice((page - 1) * limit, page * limit), page, limit, size: match.length };
  };
  return { calls, read };
}

const idOf = (row: Row) => row.id;
const compare = compareBySorts<Row>([{ field: 'date', direction: 'desc' }], idOf);
const variant = (value: string): Filter[] => [{ field: 'tag', operation: 'CONTAINS', value }];

describe('unionList', () => {
  it('one filter set is one call of the requested page, passed through', async () => {
    const { calls, read } = service();
    const answer = await unionList({ variants: [variant('a')], read, page: 2, pageSize: 5, idOf, compare });
    expect(calls).toEqual([{ filters: variant('a'), page: 2, limit: 5 }]);
    expect(answer.size).toBe(20);
  });

  it('several sets: one call each in parallel, merged in order, a row matching two counted once', async () => {
    const { calls, read } = service();
    const answer = await unionList({
      variants: [variant('a'), variant('b')],
      read,
      page: 2,
      pageSize: 7,
      idOf,
      compare,
    });
    expect(calls.map((c) => [c.page, c.limit])).toEqual([
      [1, UNION_READ_LIMIT],
      [1, UNION_READ_LIMIT],
    ]);
    // Every row has an a or a b: the union is the whole list, newest first.
    const all = ROWS.map((r) => r.id).reverse();
    expect(answer.rows.map((r) => r.id)).toEqual(all.slice(7, 14));
    expect(answer.size).toBe(30);
  });

  it('the total is exact when every match was read; a page past the read bound is empty', async () => {
    const { read } = service();
    const exact = await unionList({ variants: [variant('b'), variant('ab')], read, page: 1, pageSize: 50, idOf, compare });
    expect(exact.size).toBe(20);
    const far = await unionList({
      variants: [variant('a'), variant('b')],
      read,
      page: UNION_READ_LIMIT,
      pageSize: 10,
      idOf,
      compare,
    });
    expect(far.rows).toEqual([]);
  });

  it('compareBySorts: dotted fields, digit strings by value, missing values last, the id breaking ties', () => {
    const rows = [{ id: '10', n: { v: '9' } }, { id: '2', n: { v: '10' } }, { id: '1', n: {} }, { id: '3', n: { v: '9' } }];
    const by = compareBySorts<(typeof rows)[number]>([{ field: 'n.v', direction: 'asc' }], (r) => r.id);
    expect(rows.slice().sort(by).map((r) => r.id)).toEqual(['3', '10', '2', '1']);
  });
});
