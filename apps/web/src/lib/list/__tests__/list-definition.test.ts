import { describe, expect, it } from 'vitest';
import {
  clearedListState,
  defaultListState,
  fromTableSort,
  hasEntryParams,
  hasListParams,
  lastPageOf,
  parseListParams,
  positionOf,
  serializeListState,
  sessionKeyOf,
  toTableSort,
  withFilters,
  withPage,
  withSort,
  SHORT_PAGING,
  STANDARD_PAGING,
  sortFieldsOf,
  SEARCH_TEXT_FILTERS,
} from '../list-definition';
import { thingsList } from './fixture';

const parse = (query: string) => parseListParams(thingsList, new URLSearchParams(query));

describe('list definition', () => {
  it('positionOf: page, size and sort of a state, without its filters', () => {
    const state = parse('colour=red&page=3&page_size=25&sort=name:asc');
    expect(positionOf(state)).toEqual({ page: 3, pageSize: 25, sort: { field: 'NAME', direction: 'ASC' } });
  });

  it('defaults: page 1, the default size and sort, the default filters', () => {
    expect(parse('')).toEqual({
      q: '',
      colour: null,
      page: 1,
      pageSize: 10,
      sort: { field: 'DATE', direction: 'DESC' },
    });
    expect(serializeListState(thingsList, defaultListState(thingsList)).toString()).toBe('');
    expect(sessionKeyOf(thingsList)).toBe('things.list');
  });

  it('reads page, page size and sort, falling back on anything invalid', () => {
    expect(parse('page=3&page_size=25&sort=name:asc')).toMatchObject({
      page: 3,
      pageSize: 25,
      sort: { field: 'NAME', direction: 'ASC' },
    });
    expect(parse('page=0&page_size=30&sort=nope:asc')).toMatchObject({
      page: 1,
      pageSize: 10,
      sort: { field: 'DATE', direction: 'DESC' },
    });
    expect(parse('page=x&sort=name:sideways').sort).toEqual({ field: 'DATE', direction: 'DESC' });
    expect(parse('sort=name').sort).toEqual({ field: 'NAME', direction: 'ASC' });
  });

  it('round-trips a state in a stable order, leaving defaults out and normalizing filters', () => {
    const state = {
      q: '  ana ',
      colour: 'red',
      page: 2,
      pageSize: 25,
      sort: { field: 'NAME' as const, direction: 'DESC' as const },
    };
    const text = serializeListState(thingsList, state).toString();
    expect(text).toBe('q=ana&colour=red&page=2&page_size=25&sort=name%3Adesc');
    expect(parse(text)).toEqual({ ...state, q: 'ana' });
  });

  it('tells an address naming a list, and an entry link, from one that does not', () => {
    expect(hasListParams(thingsList, new URLSearchParams('utm=x'))).toBe(false);
    expect(hasListParams(thingsList, new URLSearchParams('page=2'))).toBe(true);
    expect(hasListParams(thingsList, new URLSearchParams('color=red'))).toBe(true);
    expect(hasEntryParams(thingsList, new URLSearchParams('colour=red'))).toBe(false);
    expect(hasEntryParams(thingsList, new URLSearchParams('color=red'))).toBe(true);
  });

  it('a filter or sort change returns to page 1; a size change too; a page change keeps the size', () => {
    const onPage3 = { ...defaultListState(thingsList), page: 3 };
    expect(withFilters(thingsList, onPage3, { colour: 'red', q: ' x ' })).toMatchObject({
      page: 1,
      colour: 'red',
      q: 'x',
    });
    expect(withSort(thingsList, onPage3, { field: 'NAME', direction: 'ASC' })).toMatchObject({ page: 1 });
    expect(withSort(thingsList, onPage3, null).sort).toEqual(thingsList.defaultSort);
    expect(withPage(onPage3, 5, 25)).toMatchObject({ page: 1, pageSize: 25 });
    expect(withPage(onPage3, 5)).toMatchObject({ page: 5, pageSize: 10 });
    expect(withPage(onPage3, 0).page).toBe(1);
    expect(clearedListState(thingsList, { ...onPage3, pageSize: 25, colour: 'red' })).toMatchObject({
      page: 1,
      pageSize: 25,
      colour: null,
    });
  });

  it('maps grid columns to sort fields both ways', () => {
    expect(toTableSort(thingsList, { field: 'DATE', direction: 'ASC' })).toEqual({
      field: 'createdDate',
      direction: 'asc',
    });
    expect(fromTableSort(thingsList, { field: 'name', direction: 'desc' })).toEqual({
      field: 'NAME',
      direction: 'DESC',
    });
    expect(fromTableSort(thingsList, { field: 'colour', direction: 'desc' })).toBeNull();
    expect(fromTableSort(thingsList, null)).toBeNull();
  });

  it('the last page of a total', () => {
    expect(lastPageOf(0, 10)).toBe(1);
    expect(lastPageOf(10, 10)).toBe(1);
    expect(lastPageOf(11, 10)).toBe(2);
  });
});

describe('STANDARD_PAGING', () => {
  const standard = { ...thingsList, ...STANDARD_PAGING };
  const sizeOf = (query: string) => parseListParams(standard, new URLSearchParams(query)).pageSize;

  it('a list on the standard paging offers 10, 25, 50 and 100 rows, 25 by default', () => {
    expect(sizeOf('')).toBe(25);
    expect([10, 25, 50, 100].map((size) => sizeOf(`page_size=${size}`))).toEqual([10, 25, 50, 100]);
    expect(sizeOf('page_size=30')).toBe(25);
    expect(serializeListState(standard, defaultListState(standard)).has('page_size')).toBe(false);
  });

  it('a list on the short paging offers the same sizes, 10 rows by default', () => {
    const short = { ...thingsList, ...SHORT_PAGING };
    const shortSizeOf = (query: string) => parseListParams(short, new URLSearchParams(query)).pageSize;
    expect(shortSizeOf('')).toBe(10);
    expect(shortSizeOf('page_size=50')).toBe(50);
    expect(shortSizeOf('page_size=30')).toBe(10);
    expect(SHORT_PAGING.pageSizes).toEqual(STANDARD_PAGING.pageSizes);
  });

  it('sortFieldsOf: a field sorts its camel-case column and is written in snake case, unless told otherwise', () => {
    expect(
      sortFieldsOf(['REQUEST_DATE', 'ID', 'PAYER_NAME', 'LAST_4_DIGITS'], {
        PAYER_NAME: { param: 'payer.name' },
        LAST_4_DIGITS: { column: 'paymentMethod' },
      }),
    ).toEqual({
      REQUEST_DATE: { param: 'request_date', column: 'requestDate' },
      ID: { param: 'id', column: 'id' },
      PAYER_NAME: { param: 'payer.name', column: 'payerName' },
      LAST_4_DIGITS: { param: 'last_4_digits', column: 'paymentMethod' },
    });
  });

  it('SEARCH_TEXT_FILTERS: q is trimmed, and left out of the URL when empty', () => {
    const defaults = { search: '' };
    expect(SEARCH_TEXT_FILTERS.parse(new URLSearchParams('q=%20Club%20'), defaults)).toEqual({
      search: 'Club',
    });
    expect(SEARCH_TEXT_FILTERS.parse(new URLSearchParams(''), defaults)).toEqual({ search: '' });
    const written = new URLSearchParams();
    SEARCH_TEXT_FILTERS.write({ search: '' }, written);
    expect(written.has('q')).toBe(false);
    SEARCH_TEXT_FILTERS.write({ search: 'ana@example.com' }, written);
    expect(written.get('q')).toBe('ana@example.com');
  });
});
