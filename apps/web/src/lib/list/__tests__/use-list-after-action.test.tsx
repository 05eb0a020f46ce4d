import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { defaultListState } from '../list-definition';
import { useListAfterAction } from '../use-list-after-action';
import { THINGS, thing, thingsList, thingsRule as rule, type ThingsVariables } from './fixture';

function setup(page: number, rows: string[], total: number) {
  const cache = new InMemoryCache();
  const client = new ApolloClient({ cache, link: ApolloLink.empty() });
  const variables: ThingsVariables = { filter: { colour: 'red' }, page };
  cache.writeQuery({
    query: THINGS,
    variables,
    data: {
      things: {
        __typename: 'ThingPage',
        total,
        rows: rows.map((id) => thing(id, 'red')),
      },
    },
  });
  const list = { state: { ...defaultListState(thingsList), colour: 'red', page }, setPage: vi.fn() };
  const refetch = vi.fn(() => Promise.resolve());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>{children}</ApolloProvider>
  );
  const { result, rerender } = renderHook(
    () => useListAfterAction({ list, rule, document: THINGS, variables, pageOf: (d) => d.things, refetch }),
    { wrapper },
  );
  const read = () => cache.readQuery({ query: THINGS, variables })?.things;
  return { result, rerender, list, refetch, read };
}

describe('useListAfterAction', () => {
  it("is the same object on every render: a screen's row actions, and the grid's columns, hang on it", () => {
    const { result, rerender } = setup(1, ['1', '2'], 2);
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('a row that left a page with others: total drops, no reload', () => {
    const { result, refetch, list, read } = setup(1, ['1', '2'], 2);
    let change;
    act(() => {
      change = result.current.applyChanges([{ id: '1', colour: 'blue' }]);
    });
    expect(change).toEqual({ rowsLeft: true, unknown: false });
    expect(read()).toMatchObject({ total: 1, rows: [{ id: '2' }] });
    expect(refetch).not.toHaveBeenCalled();
    expect(list.setPage).not.toHaveBeenCalled();
  });

  it('an emptied page reloads', () => {
    const { result, refetch } = setup(1, ['1'], 11);
    act(() => void result.current.applyChanges([{ id: '1', colour: 'blue' }]));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('an emptied last page moves to the new last page (replacing the history entry)', () => {
    const { result, list, refetch } = setup(3, ['21'], 21);
    act(() => void result.current.applyChanges([{ id: '21', colour: 'blue' }]));
    expect(refetch).not.toHaveBeenCalled();
    expect(list.setPage).toHaveBeenCalledWith(2, 10, { replace: true });
  });

  it('an unknown outcome reads the list again; a row that still matches changes nothing', () => {
    const { result, refetch, read } = setup(1, ['1'], 1);
    act(() => void result.current.applyChanges([{ id: '1', colour: 'red' }]));
    expect(refetch).not.toHaveBeenCalled();
    act(() => void result.current.applyChanges([], true));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(read()).toMatchObject({ total: 1 });
  });
});
