import { describe, expect, it } from 'vitest';
import {
  entryHrefOf,
  filtersOf,
  hrefOf,
  parseListParams,
  serializeListState,
  withFilters,
  defaultListState,
} from '../list-definition';
import { thingsList } from './fixture';

const things = { ...thingsList, path: '/cosas' };

/** The filters a link names, as the list reads them from its address. */
const readBack = (href: string) => {
  const url = new URL(href, 'http://app');
  expect(url.pathname).toBe('/cosas');
  return parseListParams(things, url.searchParams);
};

describe('hrefOf: a link into a list, from its definition', () => {
  it('writes the filters with the definition’s codec, the others left at their defaults', () => {
    expect(hrefOf(things, { colour: 'red' })).toBe('/cosas?colour=red');
    expect(hrefOf(things, { q: 'Pedro Gómez', colour: 'red' })).toBe('/cosas?q=Pedro+G%C3%B3mez&colour=red');
  });

  it('is the bare route for the default filters', () => {
    expect(hrefOf(things, {})).toBe('/cosas');
  });

  it('normalizes the filters as the list does (a padded search is trimmed)', () => {
    expect(hrefOf(things, { q: '  Pedro ' })).toBe('/cosas?q=Pedro');
  });

  it('is the address the list itself shows for that state, and reads back as those filters on page 1', () => {
    const filters = { q: 'Pedro', colour: 'blue' };
    const href = hrefOf(things, filters);
    const state = withFilters(things, defaultListState(things), filters);
    expect(href).toBe(`/cosas?${serializeListState(things, state).toString()}`);
    const read = readBack(href);
    expect(filtersOf(read)).toEqual(filters);
    expect(read).toMatchObject({ page: 1, pageSize: things.defaultPageSize, sort: things.defaultSort });
  });
});

describe('entryHrefOf: a link by the parameters the spec names, checked against the definition', () => {
  it('writes an entry parameter the list reads, and the list reads it back as its filter', () => {
    const href = entryHrefOf(things, { color: 'red' });
    expect(href).toBe('/cosas?color=red');
    expect(filtersOf(readBack(href))).toEqual({ q: '', colour: 'red' });
  });

  it('accepts a filter parameter too', () => {
    expect(entryHrefOf(things, { q: 'Pedro Gómez' })).toBe('/cosas?q=Pedro+G%C3%B3mez');
  });

  it("accepts a dialog's parameter (what the screen opens over the list)", () => {
    expect(entryHrefOf({ ...things, dialogParams: ['abrir'] }, { abrir: '42' })).toBe('/cosas?abrir=42');
  });

  it('refuses a name the list does not read (a link that would open the list unfiltered)', () => {
    expect(() => entryHrefOf(things, { colour: 'red', shade: 'dark' })).toThrow('/cosas does not read shade');
  });
});
