import { describe, expect, it } from 'vitest';
import { listPage } from '../paging.js';

describe('listPage', () => {
  it('is the list envelope: every row presented in order, the upstream size as the total, the page asked', () => {
    const answer = { rows: [{ id: 'a' }, { id: 'b' }], page: 3, limit: 50, size: 102 };
    expect(listPage(answer, 2, 25, (raw) => raw.id.toUpperCase())).toEqual({
      rows: ['A', 'B'],
      total: 102,
      page: 2,
      pageSize: 25,
      // 2 pages of 25 shown, 102 in all.
      hasNextPage: true,
    });
  });

  it('presents each row with the row alone (not its index, as Array.map would pass)', () => {
    const seen: unknown[][] = [];
    listPage({ rows: ['x', 'y'], size: 2 }, 1, 10, (...args: unknown[]) => seen.push(args));
    expect(seen).toEqual([['x'], ['y']]);
  });

  it('an empty page keeps its total (a page past the end)', () => {
    expect(listPage({ rows: [], size: 7 }, 9, 5, (raw: never) => raw)).toEqual({
      rows: [],
      total: 7,
      page: 9,
      pageSize: 5,
      hasNextPage: false,
    });
  });
});
