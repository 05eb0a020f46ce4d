import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCbu, isValidCuit, randomCbu } from '../src/lib/argentine-data.js';
import {
  compileFilters,
  pageOf,
  parseFilters,
  runList,
  sortRows,
  type ListQuery,
} from '../src/lib/list-query.js';
import { createPrng } from '../src/lib/prng.js';

interface Row {
  id: string;
  name: string | null;
  amount: number;
  tags: { code: number }[];
}

const rowArbitrary: fc.Arbitrary<Row> = fc.record({
  id: fc.string({ minLength: 1, maxLength: 3 }),
  name: fc.option(fc.constantFrom('Álvarez', 'alvarez', 'Bianchi', 'Núñez', 'nunez', 'Zapata'), {
    nil: null,
  }),
  amount: fc.integer({ min: 0, max: 1000 }),
  tags: fc.array(fc.record({ code: fc.integer({ min: 0, max: 5 }) }), { maxLength: 3 }),
});

describe('list engine', () => {
  it('sorting all rows then filtering equals filtering then sorting (stable)', () => {
    fc.assert(
      fc.property(
        fc.array(rowArbitrary, { maxLength: 60 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
        (rows, threshold, direction) => {
          const query: ListQuery = {
            filters: [{ field: 'amount', operation: 'GREATER_THAN_OR_EQUAL_TO', value: threshold }],
            sorts: [{ field: 'name', direction }],
            page: 1,
            limit: 1000,
          };
          const expected = sortRows(rows.filter(compileFilters(query.filters)), query.sorts);
          expect(runList(rows, query).rows).toEqual(expected);
          expect(pageOf(sortRows(rows, query.sorts), query).rows).toEqual(expected);
        },
      ),
    );
  });

  it('puts missing values last in both directions and folds accents and case', () => {
    const rows: Row[] = [
      { id: '1', name: null, amount: 1, tags: [] },
      { id: '2', name: 'Núñez', amount: 2, tags: [] },
      { id: '3', name: 'alvarez', amount: 3, tags: [] },
      { id: '4', name: 'Álvarez', amount: 4, tags: [] },
    ];
    expect(sortRows(rows, [{ field: 'name', direction: 'asc' }]).map((row) => row.id)).toEqual([
      '3',
      '4',
      '2',
      '1',
    ]);
    expect(sortRows(rows, [{ field: 'name', direction: 'desc' }]).map((row) => row.id)).toEqual([
      '2',
      '3',
      '4',
      '1',
    ]);
  });

  it('matches array paths when any element matches, and EQUAL null matches missing values', () => {
    const rows: Row[] = [
      { id: '1', name: null, amount: 1, tags: [{ code: 1 }, { code: 4 }] },
      { id: '2', name: 'x', amount: 2, tags: [] },
    ];
    const match = (filters: unknown) =>
      rows.filter(compileFilters(parseFilters(JSON.stringify(filters)))).map((r) => r.id);
    expect(match([{ field: 'tags.code', operation: 'EQUAL', value: 4 }])).toEqual(['1']);
    expect(match([{ field: 'tags.code', operation: 'IN', value: ['1', 9] }])).toEqual(['1']);
    expect(match([{ field: 'name', operation: 'EQUAL', value: null }])).toEqual(['1']);
    expect(match([{ field: 'tags.code', operation: 'LESS_THAN', value: 2 }])).toEqual(['1']);
  });

  it('LIKE treats regular-expression characters literally', () => {
    const rows = [{ id: 'a.b(c)*' }, { id: 'axb(c)*' }];
    const filters = parseFilters(JSON.stringify([{ field: 'id', operation: 'LIKE', value: 'a.b(_)%' }]));
    expect(rows.filter(compileFilters(filters)).map((row) => row.id)).toEqual(['a.b(c)*']);
  });
});

describe('Argentine identifiers', () => {
  it('validates CUITs with the modulo-11 check digit', () => {
    expect(isValidCuit('20-12345678-6')).toBe(true);
    expect(isValidCuit('20123456780')).toBe(false);
    expect(isValidCuit('2012345678')).toBe(false);
  });

  it('generates CBUs whose two check digits verify', () => {
    const rng = createPrng(42);
    for (let i = 0; i < 200; i++) expect(isValidCbu(randomCbu(rng))).toBe(true);
    expect(isValidCbu('2850590940090418135201')).toBe(true);
    expect(isValidCbu('2850590940090418135202')).toBe(false);
  });
});
