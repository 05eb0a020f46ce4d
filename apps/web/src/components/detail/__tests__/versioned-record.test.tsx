import { ApolloClient, ApolloLink, gql, type TypedDocumentNode } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createCache } from '@/lib/apollo';
import { useVersionedRecord } from '../versioned-record';

interface Thing {
  __typename: 'Thing' | 'ThingVersion';
  id: string;
  version: number;
}

const THING: TypedDocumentNode<{ thing: Thing | null }, { id: string }> = gql`
  query Thing($id: ID!) {
    thing(id: $id) {
      id
      version
    }
  }
`;
const THING_VERSION: TypedDocumentNode<{ thingVersion: Thing | null }, { id: string; version: number }> = gql`
  query ThingVersion($id: ID!, $version: Int!) {
    thingVersion(id: $id, version: $version) {
      id
      version
    }
  }
`;

function Probe() {
  const versioned = useVersionedRecord({
    current: THING,
    recordOf: (data) => data.thing,
    version: THING_VERSION,
    versionOf: (data) => data.thingVersion,
    variables: { id: '12' },
    currentHref: '/cosa/12',
  });
  const { record, gate } = versioned;
  return (
    <output>
      {record ? `shown ${record.version}` : 'none'} · current {versioned.currentRecord?.version ?? '-'} ·{' '}
      {gate.old.wanted ? 'old wanted' : 'current wanted'} · {gate.current.found ? 'found' : 'missing'}
    </output>
  );
}

/** The probe at `address` over a gateway whose current version is 3; the operations it received. */
function renderProbe(address: string) {
  const sent: Array<{ name: string; variables: Record<string, unknown> }> = [];
  const link = new ApolloLink((operation) => {
    sent.push({ name: operation.operationName ?? '', variables: operation.variables });
    const version = (operation.variables.version as number | undefined) ?? 3;
    const current = operation.operationName === 'Thing';
    // An older version is its own cache entry, as the gateway's version types are.
    const thing = { __typename: current ? 'Thing' : 'ThingVersion', id: '12', version };
    const data = current ? { thing } : { thingVersion: thing };
    return of<ApolloLink.Result>({ data });
  });
  render(
    <ApolloProvider client={new ApolloClient({ cache: createCache(), link })}>
      <MemoryRouter initialEntries={[address]}>
        <Probe />
      </MemoryRouter>
    </ApolloProvider>,
  );
  return sent;
}

describe('useVersionedRecord', () => {
  it('shows the current version when none is asked for, and reads only it', async () => {
    const sent = renderProbe('/cosa/12');
    expect(await screen.findByText(/shown 3/)).toHaveTextContent(
      'shown 3 · current 3 · current wanted · found',
    );
    expect(sent).toEqual([{ name: 'Thing', variables: { id: '12' } }]);
  });

  it('reads and shows an older version asked for in the URL, with the same variables and its number', async () => {
    const sent = renderProbe('/cosa/12?version=2');
    expect(await screen.findByText(/shown 2/)).toHaveTextContent('shown 2 · current 3 · old wanted · found');
    expect(sent).toContainEqual({ name: 'ThingVersion', variables: { id: '12', version: 2 } });
  });

  it('asking for the current version reads nothing more', async () => {
    const sent = renderProbe('/cosa/12?version=3');
    expect(await screen.findByText(/shown 3/)).toHaveTextContent('current wanted');
    expect(sent.map(({ name }) => name)).toEqual(['Thing']);
  });
});
