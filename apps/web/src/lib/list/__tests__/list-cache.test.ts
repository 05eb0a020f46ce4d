import { gql, InMemoryCache } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import {
  applyListChanges,
  cachedListChanges,
  listKey,
  prunedTotal,
  pruneRows,
  storeFieldArgs,
} from '../list-cache';
import { THINGS, thing, thingsRule as rule, type ThingChange, type ThingFilter } from './fixture';

describe('pruneRows / prunedTotal / storeFieldArgs', () => {
  it('removes the changed rows that no longer match, keeps the others in order', () => {
    const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }];
    const changes = new Map<string, ThingChange>([
      ['b', { id: 'b', colour: 'red' }],
      ['c', { id: 'c', colour: 'blue' }],
      ['x', { id: 'x', colour: 'red' }],
    ]);
    expect(pruneRows(rows, (r) => r.id, changes, { colour: 'blue' }, rule.stillMatches)).toEqual({
      rows: [{ id: 'a' }, { id: 'c' }, { id: 'd' }],
      removed: ['b'],
    });
    expect(pruneRows(rows, (r) => r.id, changes, {}, rule.stillMatches).removed).toEqual([]);
  });

  it('the total drops by the rows that left, never below the rows shown', () => {
    expect(prunedTotal(40, 7, 18)).toBe(33);
    expect(prunedTotal(5, 7, 0)).toBe(0);
    expect(prunedTotal(3, 3, 1)).toBe(1);
  });

  it('storeFieldArgs reads Apollo store field names', () => {
    expect(storeFieldArgs('things({"filter":{"colour":"blue"},"page":2})')).toEqual({
      filter: { colour: 'blue' },
      page: 2,
    });
    expect(storeFieldArgs('things')).toBeNull();
    expect(storeFieldArgs('things({oops)')).toBeNull();
  });

  it('pages of one list share a key whatever their page', () => {
    expect(listKey({ colour: 'blue' })).toBe(listKey({ colour: 'blue' }));
    expect(listKey(undefined)).toBe(listKey({}));
  });
});

const ITEM = gql`
  fragment ThingColour on Thing {
    id
    colour
  }
`;

function setup() {
  const cache = new InMemoryCache();
  const item = thing;
  const write = (filter: ThingFilter, page: number, rows: ReturnType<typeof thing>[], total: number) =>
    cache.writeQuery({
      query: THINGS,
      variables: { filter, page },
      data: { things: { __typename: 'ThingPage', total, rows } },
    });
  const read = (filter: ThingFilter, page: number) =>
    cache.readQuery({ query: THINGS, variables: { filter, page } })?.things;
  return { cache, item, write, read };
}

describe('applyListChanges (Apollo cache)', () => {
  it('rows that no longer match leave every cached page of their list; the total drops once per row', () => {
    const { cache, item, write, read } = setup();
    write({ colour: 'blue' }, 1, [item('1', 'blue'), item('2', 'blue')], 4);
    write({ colour: 'blue' }, 2, [item('3', 'blue'), item('2', 'blue')], 4);
    write({}, 1, [item('1', 'blue'), item('2', 'blue')], 9);

    const removed = applyListChanges(cache, rule, [{ id: '2', colour: 'red' }, null]);

    expect([...(removed.get(listKey({ colour: 'blue' })) ?? [])]).toEqual(['2']);
    expect(read({ colour: 'blue' }, 1)).toMatchObject({ total: 3, rows: [{ id: '1' }] });
    expect(read({ colour: 'blue' }, 2)).toMatchObject({ total: 3, rows: [{ id: '3' }] });
    // The unfiltered list keeps the row (shown with its new values once the entity is updated).
    expect(read({}, 1)).toMatchObject({ total: 9 });
    expect(read({}, 1)?.rows).toHaveLength(2);
  });

  it('is idempotent, and an emptied page reads as empty', () => {
    const { cache, item, write, read } = setup();
    write({ colour: 'blue' }, 2, [item('5', 'blue')], 6);
    const change = { id: '5', colour: 'red' };
    applyListChanges(cache, rule, [change]);
    expect(applyListChanges(cache, rule, [change]).size).toBe(0);
    expect(read({ colour: 'blue' }, 2)).toMatchObject({ total: 5, rows: [] });
  });

  it('no change, no list touched', () => {
    const { cache, item, write, read } = setup();
    write({ colour: 'blue' }, 1, [item('1', 'blue')], 1);
    expect(applyListChanges(cache, rule, []).size).toBe(0);
    expect(applyListChanges(cache, rule, [{ id: '1', colour: 'blue' }]).size).toBe(0);
    expect(read({ colour: 'blue' }, 1)).toMatchObject({ total: 1, rows: [{ id: '1' }] });
  });

  it('follows an action taken elsewhere: the cached rows as the normalized cache knows them', () => {
    const { cache, item, write, read } = setup();
    write({ colour: 'blue' }, 1, [item('1', 'blue'), item('2', 'blue')], 2);
    cache.writeFragment({ fragment: ITEM, data: { __typename: 'Thing', id: '1', colour: 'green' } });
    const changes = cachedListChanges(cache, rule);
    expect(changes).toEqual([
      { id: '1', colour: 'green' },
      { id: '2', colour: 'blue' },
    ]);
    applyListChanges(cache, rule, changes);
    expect(read({ colour: 'blue' }, 1)).toMatchObject({ total: 1, rows: [{ id: '2' }] });
  });
});
