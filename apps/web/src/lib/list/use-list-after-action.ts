import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { lastPageOf } from './list-definition';
import { applyListChanges, cachedListChanges, type ListCacheRule, type RowChange } from './list-cache';
import type { ListStateHandle } from './use-list-state';

/** What an action did to the cached lists. */
export interface ListChange {
  /** Rows left some cached list (its page may now be short or empty). */
  rowsLeft: boolean;
  /** Some outcome is unknown: the list should be read again. */
  unknown: boolean;
}

export interface ListAfterActionOptions<
  TData,
  TVariables extends OperationVariables,
  Change extends RowChange,
  Filter,
> {
  list: Pick<ListStateHandle<object, string>, 'state' | 'setPage'>;
  /** The area's rule; a list without one only reloads (an unknown outcome, an emptied page). */
  rule?: ListCacheRule<Change, Filter>;
  /** The list's query and the variables it is shown with. */
  document: TypedDocumentNode<TData, TVariables>;
  variables: TVariables;
  /** The page in the query's data. */
  pageOf: (data: TData) => { rows: readonly unknown[]; total: number } | undefined;
  refetch: () => Promise<unknown>;
}

export interface ListAfterAction<Change> {
  /**
   * Applies the entities an action answered to every cached page of the list (rows leave, totals drop), then
   * reloads the page if it became empty (or moves to the new last page) and reads the list again when an
   * outcome is unknown. Answers what happened.
   */
  applyChanges: (changes: readonly (Change | null | undefined)[], unknown?: boolean) => ListChange;
  /** Only the reload part, for a caller that applied the changes itself. */
  onListChange: (change: ListChange) => void;
}

/**
 * Lists after an action (spec 000 §4), for one list screen. As the screen opens, the cached lists follow the
 * actions taken elsewhere (the rule's `changeOfRow` read from the normalized cache). The selection follows on its
 * own: `useListSelection` keeps only the ids still shown.
 */
export function useListAfterAction<
  TData,
  TVariables extends OperationVariables,
  Change extends RowChange,
  Filter,
>(options: ListAfterActionOptions<TData, TVariables, Change, Filter>): ListAfterAction<Change> {
  const client = useApolloClient();
  const latest = useRef(options);
  latest.current = options;
  const { rule } = options;

  useEffect(() => {
    if (rule) applyListChanges(client.cache, rule, cachedListChanges(client.cache, rule));
  }, [client, rule]);

  const onListChange = useCallback(
    (change: ListChange) => {
      const { list, document, variables, pageOf, refetch } = latest.current;
      const reload = () => void refetch().catch(() => undefined);
      if (change.unknown) return reload();
      if (!change.rowsLeft) return;
      // An emptied page reloads: the next rows move up, or the list moves to its new last page.
      const data = client.cache.readQuery({ query: document, variables });
      const page = data ? pageOf(data) : undefined;
      if (!page || page.rows.length > 0) return;
      const last = lastPageOf(page.total, list.state.pageSize);
      if (list.state.page > last) list.setPage(last, list.state.pageSize, { replace: true });
      else reload();
    },
    [client],
  );

  const applyChanges = useCallback(
    (changes: readonly (Change | null | undefined)[], unknown = false) => {
      const { rule: current } = latest.current;
      const removed = current ? applyListChanges(client.cache, current, changes).size : 0;
      const change = { rowsLeft: removed > 0, unknown };
      onListChange(change);
      return change;
    },
    [client, onListChange],
  );

  // One object while its functions stay: a screen's row actions hang on it, and through them the grid's columns.
  return useMemo(() => ({ applyChanges, onListChange }), [applyChanges, onListChange]);
}
