import {
  ApolloClient,
  ApolloLink,
  InMemoryCache,
  Observable,
  gql,
  type TypedDocumentNode,
} from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { QueryVersionHistory, versionLoader } from '../query-version-history';
import { parseVersion, useVersionParam } from '../use-version-param';

interface Row {
  __typename: 'Thing';
  id: string;
  version: number;
  status: string;
  lastUpdateDate: string;
}
const HISTORY: TypedDocumentNode<{ thingHistory: Row[] }, { id: string }> = gql`
  query ThingHistory($id: ID!) {
    thingHistory(id: $id) {
      id
      version
      status
      lastUpdateDate
    }
  }
`;
const VERSION: TypedDocumentNode<{ thingVersion: Row | null }, { id: string; version: number }> = gql`
  query ThingVersion($id: ID!, $version: Int!) {
    thingVersion(id: $id, version: $version) {
      id
      version
      status
      lastUpdateDate
    }
  }
`;

const row = (version: number): Row => ({
  __typename: 'Thing',
  id: 'T1',
  version,
  status: `S${version}`,
  lastUpdateDate: `2026-11-0${version}T10:00:00Z`,
});

/** A client whose link answers every operation from `answer` and records the calls. */
function clientAnswering(answer: (name: string, variables: Record<string, unknown>) => unknown) {
  const calls: { name: string; variables: Record<string, unknown> }[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        calls.push({ name: operation.operationName ?? '', variables: operation.variables });
        observer.next({ data: answer(operation.operationName ?? '', operation.variables) } as never);
        observer.complete();
      }),
  );
  return { client: new ApolloClient({ cache: new InMemoryCache(), link }), calls };
}

/** The dialog on the things' history, as a screen would render it (version 2 on screen and current). */
function renderHistory(client: ApolloClient, onPick: (row: { version: number }) => void) {
  return render(
    <ApolloProvider client={client}>
      <QueryVersionHistory
        document={HISTORY}
        variables={{ id: 'T1' }}
        selectRows={(data) => data.thingHistory}
        shownVersion={2}
        currentVersion={2}
        onPick={onPick}
        onClose={() => undefined}
        loadVersion={() => Promise.resolve(null)}
        renderStatus={(status) => <span>{status}</span>}
        diff={() => []}
        emptyText="La cosa no tiene versiones."
        tableLabel="Versiones de la cosa"
      />
    </ApolloProvider>,
  );
}

describe('QueryVersionHistory', { timeout: 60_000 }, () => {
  it('reads the rows with its own query (every version, not merged by id) and picks one', async () => {
    const { client, calls } = clientAnswering(() => ({ thingHistory: [row(2), row(1)] }));
    const onPick = vi.fn();
    renderHistory(client, onPick);
    const table = await screen.findByRole('table', { name: 'Versiones de la cosa' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(screen.getByText('S1')).toBeInTheDocument();
    expect(screen.getByText('S2')).toBeInTheDocument();
    expect(calls).toEqual([{ name: 'ThingHistory', variables: { id: 'T1' } }]);
    await userEvent.setup({ delay: null }).click(screen.getByText('S1'));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ version: 1 }));
  });

  it('says the area text when there are no versions', async () => {
    const { client } = clientAnswering(() => ({ thingHistory: [] }));
    renderHistory(client, () => undefined);
    expect(await screen.findByText('La cosa no tiene versiones.')).toBeInTheDocument();
  });
});

describe('versionLoader', () => {
  it('answers the version the query returns, with the variables of that version', async () => {
    const { client, calls } = clientAnswering((_, variables) => ({
      thingVersion: row(variables.version as number),
    }));
    const load = versionLoader(
      client,
      VERSION,
      (version) => ({ id: 'T1', version }),
      (d) => d.thingVersion,
    );
    await expect(load(3)).resolves.toMatchObject({ version: 3, status: 'S3' });
    expect(calls).toEqual([{ name: 'ThingVersion', variables: { id: 'T1', version: 3 } }]);
  });

  it("fails with 'No existe la versión N' when there is none", async () => {
    const { client } = clientAnswering(() => ({ thingVersion: null }));
    const load = versionLoader(
      client,
      VERSION,
      (version) => ({ id: 'T1', version }),
      (d) => d.thingVersion,
    );
    await expect(load(9)).rejects.toThrow('No existe la versión 9');
  });
});

describe('useVersionParam', () => {
  it('parses only whole numbers', () => {
    expect(parseVersion('3')).toBe(3);
    expect(parseVersion('3a')).toBeNull();
    expect(parseVersion('-1')).toBeNull();
    expect(parseVersion(null)).toBeNull();
  });

  it('shows another version in the address and drops it for the current one, keeping other params', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/cosa/T1?tab=a']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(() => ({ param: useVersionParam(), location: useLocation() }), { wrapper });
    expect(result.current.param.requestedVersion).toBeNull();
    act(() => result.current.param.showVersion(2, 5));
    expect(result.current.location.search).toBe('?tab=a&version=2');
    expect(result.current.param.requestedVersion).toBe(2);
    act(() => result.current.param.showVersion(5, 5));
    expect(result.current.location.search).toBe('?tab=a');
    expect(result.current.param.requestedVersion).toBeNull();
  });
});
