import type { ReactNode } from 'react';
import { ApolloClient, ApolloLink, gql, type TypedDocumentNode } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { renderHook } from '@testing-library/react';
import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createCache } from '../apollo';
import { useMutate } from '../use-mutate';

const RENAME: TypedDocumentNode<{ rename: { ok: boolean; name: string } }, { id: string; name: string }> =
  gql`
    mutation Rename($id: ID!, $name: String!) {
      rename(id: $id, name: $name) {
        ok
        name
      }
    }
  `;

function hookWith(link: ApolloLink) {
  const client = new ApolloClient({ cache: createCache(), link });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>{children}</ApolloProvider>
  );
  return renderHook(() => useMutate(), { wrapper });
}

describe('useMutate', () => {
  it('sends the document with its variables and answers what the gateway said', async () => {
    const sent: { operationName?: string; variables: Record<string, unknown> }[] = [];
    const { result } = hookWith(
      new ApolloLink((operation) => {
        sent.push({ operationName: operation.operationName, variables: operation.variables });
        return of({ data: { rename: { __typename: 'RenameResult', ok: true, name: 'Nuevo' } } });
      }),
    );
    const answer = await result.current(RENAME, { id: '7', name: 'Nuevo' });
    expect(sent).toEqual([{ operationName: 'Rename', variables: { id: '7', name: 'Nuevo' } }]);
    expect(answer.data?.rename).toMatchObject({ ok: true, name: 'Nuevo' });
  });

  it('rejects with the error of a failed request, as a mutation function does', async () => {
    const { result } = hookWith(new ApolloLink(() => of({ errors: [{ message: 'No autorizado' }] })));
    await expect(result.current(RENAME, { id: '7', name: 'x' })).rejects.toThrow('No autorizado');
  });

  it('keeps one function across renders (a stable dependency)', () => {
    const { result, rerender } = hookWith(new ApolloLink(() => of({ data: null })));
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });
});
