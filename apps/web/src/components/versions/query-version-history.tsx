import { useMemo } from 'react';
import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import {
  VersionHistoryDialog,
  type HistoryRow,
  type VersionHistoryDialogProps,
} from './version-history-dialog';

export interface QueryVersionHistoryProps<
  TData,
  TVariables extends OperationVariables,
  S extends string,
> extends Omit<VersionHistoryDialogProps<S>, 'rows' | 'loading' | 'error'> {
  /** The area's history query (`paymentHistory(id)`, `subscriptionHistory(id)`). */
  document: TypedDocumentNode<TData, TVariables>;
  variables: TVariables;
  /** The rows in the query's answer. */
  selectRows(data: TData): readonly HistoryRow<S>[] | null | undefined;
}

/**
 * The version history dialog owning its query: read when it opens, fresh every time. no-cache: the rows share
 * the entity's id, so normalizing them would merge every version into one.
 */
export function QueryVersionHistory<TData, TVariables extends OperationVariables, S extends string>({
  document,
  variables,
  selectRows,
  ...dialog
}: QueryVersionHistoryProps<TData, TVariables, S>) {
  const { data, loading, error } = useQuery(document as TypedDocumentNode<TData, OperationVariables>, {
    variables,
    fetchPolicy: 'no-cache',
  });
  const rows = useMemo(
    () => (data ? (selectRows(data as TData) ?? undefined) : undefined),
    [data, selectRows],
  );
  return <VersionHistoryDialog {...dialog} rows={rows} loading={loading} error={error} />;
}

/**
 * The comparison's loader of one version: runs the area's version query and answers the version, or fails with
 * 'No existe la versión N' when the upstream has none.
 */
export function versionLoader<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  document: TypedDocumentNode<TData, TVariables>,
  variables: (version: number) => TVariables,
  select: (data: TData) => unknown,
): (version: number) => Promise<unknown> {
  return async (version) => {
    const { data } = await client.query({
      query: document as TypedDocumentNode<TData, OperationVariables>,
      variables: variables(version),
    });
    const found = data ? select(data as TData) : null;
    if (!found) throw new Error(`No existe la versión ${version}`);
    return found;
  };
}
