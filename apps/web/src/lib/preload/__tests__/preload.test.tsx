import { ApolloClient, ApolloLink, InMemoryCache, Observable, gql } from '@apollo/client';
import type { TypedDocumentNode } from '@apollo/client';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { STANDARD_PAGING, type ListDefinition } from '../../list/list-definition';
import {
  PRELOAD_FRESH_MS,
  canonicalJson,
  listPreload,
  listStateAt,
  preloadQuery,
  preloadedPolicy,
  recordPreload,
  usePreloadedPolicy,
  wasPreloaded,
} from '..';

interface Vars {
  status: string | null;
  page: number;
}
interface Data {
  things: { __typename: 'ThingPage'; total: number; rows: { __typename: 'Thing'; id: string }[] };
}
const THINGS: TypedDocumentNode<Data, Vars> = gql`
  query Things($status: String, $page: Int!) {
    things(status: $status, page: $page) {
      total
      rows {
        id
      }
    }
  }
`;

const answer = (variables: Record<string, unknown>): Data => ({
  things: {
    __typename: 'ThingPage',
    total: 1,
    rows: [{ __typename: 'Thing', id: `${String(variables.status)}-${String(variables.page)}` }],
  },
});

/**
 * A client whose link records every request; `hold` keeps answers back until `release()` (a request in flight).
 */
function countingClient({ hold = false } = {}) {
  const calls: Record<string, unknown>[] = [];
  const waiting: (() => void)[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        calls.push(operation.variables);
        const send = () => {
          observer.next({ data: answer(operation.variables) } as never);
          observer.complete();
        };
        if (hold) waiting.push(send);
        else send();
      }),
  );
  const client = new ApolloClient({ cache: new InMemoryCache(), link });
  return { client, calls, release: () => waiting.splice(0).forEach((send) => send()) };
}

/** A list screen as the areas write it: variables from its state, the preloaded policy, the rows on screen. */
function ThingsScreen({ initial }: { initial: Vars }) {
  const [variables, setVariables] = useState(initial);
  const { data } = useQuery(THINGS, {
    variables,
    ...usePreloadedPolicy(THINGS, variables),
    notifyOnNetworkStatusChange: true,
  });
  return (
    <div>
      <ul aria-label="rows">
        {data?.things.rows.map((row) => (
          <li key={row.id}>{row.id}</li>
        ))}
      </ul>
      <button type="button" onClick={() => setVariables({ status: 'DONE', page: 1 })}>
        done
      </button>
      <button type="button" onClick={() => setVariables(initial)}>
        back
      </button>
    </div>
  );
}

const renderScreen = (client: ApolloClient, initial: Vars) =>
  render(
    <ApolloProvider client={client}>
      <ThingsScreen initial={initial} />
    </ApolloProvider>,
  );

describe('query preload', () => {
  it('writes variables the same way whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      canonicalJson({ a: { c: null, d: [2, { e: 0, f: 1 }] }, b: 1 }),
    );
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: 2 }));
  });

  it('lets the screen render from the preloaded answer with no second request', async () => {
    const { client, calls } = countingClient();
    const variables = { status: 'OPEN', page: 1 };
    await preloadQuery(client, THINGS, variables);
    expect(calls).toHaveLength(1);
    renderScreen(client, { page: 1, status: 'OPEN' });
    expect(await screen.findByText('OPEN-1')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('joins a preload still in flight instead of sending the same request again', async () => {
    const { client, calls, release } = countingClient({ hold: true });
    void preloadQuery(client, THINGS, { status: 'OPEN', page: 1 });
    renderScreen(client, { status: 'OPEN', page: 1 });
    await waitFor(() => expect(calls).toHaveLength(1));
    act(() => release());
    expect(await screen.findByText('OPEN-1')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('fetches as usual after the first answer: other variables, and back to the first ones', async () => {
    const { client, calls } = countingClient();
    await preloadQuery(client, THINGS, { status: 'OPEN', page: 1 });
    renderScreen(client, { status: 'OPEN', page: 1 });
    await screen.findByText('OPEN-1');
    act(() => screen.getByRole('button', { name: 'done' }).click());
    expect(await screen.findByText('DONE-1')).toBeTruthy();
    expect(calls).toHaveLength(2);
    // cache-and-network again, as the screen asked: the first list is shown from the cache and refreshed.
    act(() => screen.getByRole('button', { name: 'back' }).click());
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]).toEqual({ status: 'OPEN', page: 1 });
  });

  it('sends its own request when the preload was for other variables, or none was made', async () => {
    const { client, calls } = countingClient();
    await preloadQuery(client, THINGS, { status: 'OPEN', page: 2 });
    renderScreen(client, { status: 'OPEN', page: 1 });
    expect(await screen.findByText('OPEN-1')).toBeTruthy();
    expect(calls).toEqual([
      { status: 'OPEN', page: 2 },
      { status: 'OPEN', page: 1 },
    ]);
  });

  it('hands a preload over once, and only while fresh', async () => {
    const { client } = countingClient();
    const variables = { status: null, page: 1 };
    const at = Date.now();
    await preloadQuery(client, THINGS, variables, at);
    expect(wasPreloaded(client, THINGS as never, { page: 1, status: null }, at + 5)).toBe(true);
    expect(wasPreloaded(client, THINGS as never, variables, at + PRELOAD_FRESH_MS + 1)).toBe(false);
    expect(preloadedPolicy(client, THINGS as never, variables, 'cache-and-network', at + 5).fetchPolicy).toBe(
      'cache-first',
    );
    const { unmount } = renderScreen(client, variables);
    await screen.findByText('null-1');
    unmount();
    expect(wasPreloaded(client, THINGS as never, variables)).toBe(false);
  });

  it('does nothing when it comes after its screen, so a later visit to the same list asks again', async () => {
    const { client, calls } = countingClient();
    const variables = { status: 'OPEN', page: 1 };
    const { unmount } = renderScreen(client, variables);
    expect(await screen.findByText('OPEN-1')).toBeTruthy();
    // The route's preload module arrives late: the screen already asks for its rows.
    await preloadQuery(client, THINGS, variables);
    expect(calls).toHaveLength(1);
    expect(wasPreloaded(client, THINGS as never, variables)).toBe(false);
    unmount();
    // Another visit (a new mount without a navigation's preload) asks for fresh rows.
    renderScreen(client, variables);
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('forgets a preload that failed, so the screen asks (and shows its own error)', async () => {
    const failing = new ApolloClient({
      cache: new InMemoryCache(),
      link: new ApolloLink(() => new Observable((observer) => observer.error(new Error('boom')))),
    });
    await expect(preloadQuery(failing, THINGS, { status: 'OPEN', page: 1 })).resolves.toBeUndefined();
    expect(wasPreloaded(failing, THINGS as never, { status: 'OPEN', page: 1 })).toBe(false);
  });
});

interface ThingFilters {
  status: string | null;
}
const thingsList: ListDefinition<ThingFilters, 'DATE'> = {
  area: 'things-preload-test',
  ...STANDARD_PAGING,
  defaultSort: { field: 'DATE', direction: 'DESC' },
  sortFields: { DATE: { param: 'date', column: 'date' } },
  defaultFilters: () => ({ status: null }),
  entryParams: ['estado_inicial'],
  filters: {
    params: ['status'],
    parse: (params, defaults) => ({
      status: params.get('status') ?? params.get('estado_inicial') ?? defaults.status,
    }),
    write: (filters, params) => {
      if (filters.status) params.set('status', filters.status);
    },
  },
};

describe('list preload', () => {
  afterEach(() => window.sessionStorage.clear());

  it('reads the list the address names, as useListState does', () => {
    const state = listStateAt(thingsList, new URLSearchParams('status=OPEN&page=3&page_size=50'));
    expect(state).toMatchObject({ status: 'OPEN', page: 3, pageSize: 50, sort: { field: 'DATE' } });
  });

  it('restores the tab’s last list for a bare address, and reads an entry link as its list', () => {
    expect(listStateAt(thingsList, new URLSearchParams(''))).toMatchObject({ status: null, page: 1 });
    window.sessionStorage.setItem('things-preload-test.list', JSON.stringify('status=DONE&page=2'));
    expect(listStateAt(thingsList, new URLSearchParams(''))).toMatchObject({ status: 'DONE', page: 2 });
    expect(listStateAt(thingsList, new URLSearchParams('estado_inicial=LATE'))).toMatchObject({
      status: 'LATE',
      page: 1,
    });
  });

  it('sends the screen’s first query for that list', async () => {
    const { client, calls } = countingClient();
    const preload = listPreload(thingsList, THINGS, (state) => ({ status: state.status, page: state.page }));
    preload({
      client,
      url: new URL('http://localhost/things?status=OPEN&page=2'),
      params: {},
      permissions: [],
      now: new Date(),
    });
    // The list's rows first, then its own preferences (columns, views) only: nothing waits for them.
    await waitFor(() =>
      expect(calls).toEqual([{ status: 'OPEN', page: 2 }, { prefix: 'list.things-preload-test.' }]),
    );
    renderScreen(client, { status: 'OPEN', page: 2 });
    expect(await screen.findByText('OPEN-2')).toBeTruthy();
    expect(calls).toHaveLength(2);
  });
});

describe('record preload', () => {
  // A record's query as a detail's: the id from the address, a field asked for only with a permission.
  const preload = recordPreload(THINGS, (id, permissions) => ({
    status: id,
    page: permissions.includes('THING_SHOW_PAGES') ? 2 : 1,
  }));
  const at = (params: Record<string, string | undefined>, client: ApolloClient) => ({
    client,
    url: new URL(`http://localhost/thing/${params.id ?? ''}`),
    params,
    permissions: ['THING_SHOW_PAGES'],
    now: new Date(),
  });

  it("sends the screen's query for the record the address names, which the screen then takes over", async () => {
    const { client, calls } = countingClient();
    await preload(at({ id: '17' }, client));
    expect(calls).toEqual([{ status: '17', page: 2 }]);
    renderScreen(client, { status: '17', page: 2 });
    expect(await screen.findByText('17-2')).toBeTruthy();
    expect(calls).toHaveLength(1);
  });

  it('sends nothing for an address without an id', async () => {
    const { client, calls } = countingClient();
    await preload(at({}, client));
    expect(calls).toEqual([]);
  });
});
