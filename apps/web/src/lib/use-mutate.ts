import { useCallback } from 'react';
import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { noteOwnChanges } from './live/own-changes';

/** The records an action names (`id`, `ids`): the rows this tab changes and will show from the answer. */
const idsOf = (variables: OperationVariables): string[] => {
  const { id, ids } = variables as { id?: unknown; ids?: unknown };
  return [
    ...(typeof id === 'string' ? [id] : []),
    ...(Array.isArray(ids) ? ids.filter((one): one is string => typeof one === 'string') : []),
  ];
};

/** Runs one mutation document with its variables: the answer, as `useMutation`'s function gives it. */
export type Mutate = <TData, TVariables extends OperationVariables>(
  mutation: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
) => Promise<ApolloClient.MutateResult<TData>>;

/**
 * `mutate(Document, variables)`: what the function of a `useMutation` does (the client's defaults, the same
 * answer and errors), for the screens and hooks that run several mutations: one function instead of one
 * `useMutation` line a document, and one dependency of their callbacks.
 */
export function useMutate(): Mutate {
  const client = useApolloClient();
  return useCallback(
    <TData, TVariables extends OperationVariables>(
      mutation: TypedDocumentNode<TData, TVariables>,
      variables: TVariables,
    ) => {
      noteOwnChanges(idsOf(variables));
      return client.mutate<TData, TVariables>({ mutation, variables });
    },
    [client],
  );
}
