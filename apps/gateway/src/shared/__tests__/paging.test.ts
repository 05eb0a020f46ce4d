import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import { listPage, MAX_PAGE_SIZE, normalizePaging } from '../paging.js';

describe('normalizePaging', () => {
  it('takes 1 to 100 rows, 25 when none is asked', () => {
    expect(normalizePaging(undefined, undefined)).toEqual({ page: 1, pageSize: 25 });
    expect(normalizePaging(2, 1)).toEqual({ page: 2, pageSize: 1 });
    expect(normalizePaging(1, MAX_PAGE_SIZE)).toEqual({ page: 1, pageSize: 100 });
  });

  it('refuses a page size outside 1-100 naming pageSize, never cutting it to fit', () => {
    for (const size of [0, -1, 101, 500, 2.5]) {
      let refusal: unknown;
      try {
        normalizePaging(1, size);
      } catch (error) {
        refusal = error;
      }
      expect(refusal, String(size)).toBeInstanceOf(GraphQLError);
      expect((refusal as GraphQLError).message).toBe(
        'El tamaño de página (pageSize) debe ser un número entero entre 1 y 100.',
      );
      expect((refusal as GraphQLError).extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'pageSize' });
    }
  });
});

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
