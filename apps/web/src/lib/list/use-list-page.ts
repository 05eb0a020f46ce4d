import { useCallback, useEffect, useMemo } from 'react';
import type { OperationVariables } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { usePreloadedPolicy } from '../preload/use-preloaded-policy';
import type { ListCacheRule, RowChange } from './list-cache';
import { filtersOf, fromTableSort, toTableSort, type ListState } from './list-definition';
import type { ListQuery } from './list-query';
import { stateOfView, viewParamsOf, type ListViewBinding } from './list-views';
import { useListAfterAction, type ListAfterAction } from './use-list-after-action';
import {
  useListPageClamp,
  useListSelection,
  useListState,
  type ListSelection,
  type ListStateHandle,
} from './use-list-state';

export interface ListPageOptions<
  Change extends RowChange,
  Filter,
  Row = never,
  F extends object = object,
  S extends string = string,
> {
  /** Lists after an action (spec 000 §4): the area's cache rule; without it `afterAction` only reloads. */
  rule?: ListCacheRule<Change, Filter>;
  /**
   * Skip the request (a role that may not read the list), or skip it for some states (a required filter not
   * chosen yet); the page stays empty.
   */
  skip?: boolean | ((state: ListState<F, S>) => boolean);
  /**
   * Reads the list again every `interval` ms while `while(rows)` holds (an export still running). A list that
   * polls reads quietly: a poll, like a retry, does not show as loading.
   */
  poll?: { interval: number; while: (rows: readonly Row[]) => boolean };
}

/** The DataTable props every server-paged list passes the same way. */
export interface ListTableBinding {
  rowCount: number | undefined;
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  onPageChange: (page: number, pageSize: number) => void;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
  onSortChange: (sort: { field: string; direction: 'asc' | 'desc' } | null) => void;
  loading: boolean;
  /** The list shown (its key): the grid keeps its rows until the new list's come (DataTable `listKey`). */
  listKey: string;
}

/**
 * A filter form's props, the applied filters it starts from and what its buttons do:
 * `<XFiltersForm key={page.filtersKey} {...page.filterForm} />` (the key remounts it, dropping a draft, whenever
 * the applied filters change: by a submit, 'Limpiar' or the address).
 */
export interface ListFilterFormBinding<F> {
  applied: F;
  onSubmit: (filters: Partial<F>) => void;
  onClear: () => void;
}

export interface ListPageHandle<F extends object, S extends string, TData, TVariables, Row, Change> {
  list: ListStateHandle<F, S>;
  state: ListState<F, S>;
  /** The filters part of the state. */
  filters: F;
  /** The filter form bound to the applied filters. */
  filterForm: ListFilterFormBinding<F>;
  /** Changes with the applied filters and on every 'Limpiar' (the filter form's key). */
  filtersKey: string;
  variables: TVariables;
  /** The answer shown: this list's, or the previous list's while this one loads. */
  data: TData | undefined;
  rows: readonly Row[];
  /** The total shown; undefined while unknown. */
  total: number | undefined;
  loading: boolean;
  /** Set when the last request failed and none is running: show it instead of the rows. */
  failure: unknown;
  /** 'Reintentar': reads the list again (a failure stays on screen as `failure`). */
  retry: () => void;
  refetch: () => Promise<unknown>;
  /** The grid's paging and sorting bound to the list state. */
  table: ListTableBinding;
  selection: ListSelection<Row & { id: string }>;
  afterAction: ListAfterAction<Change>;
  /** The list's name and view for its 'Columnas' and 'Vistas' (`<ListPage>`). */
  view: ListViewBinding;
}

const NO_ROWS: never[] = [];

/**
 * A list screen's whole behaviour from its `ListQuery`: the state in the URL, the query (joining the route's
 * preload, then cache-and-network) with the previous rows kept while the next page loads, the page clamp (a page
 * past the end moves to the last), the failure with its retry, the grid's paging and sorting, the selection of
 * the rows shown and the lists after an action.
 */
export function useListPage<
  F extends object,
  S extends string,
  TData,
  TVariables extends OperationVariables,
  Row extends { id: string },
  Change extends RowChange = RowChange,
  Filter = unknown,
>(
  query: ListQuery<F, S, TData, TVariables, Row>,
  options: ListPageOptions<Change, Filter, Row, F, S> = {},
): ListPageHandle<F, S, TData, TVariables, Row, Change> {
  const { list: definition, document, pageOf } = query;
  const list = useListState(definition);
  const { state } = list;
  const toVariables = query.variables;
  const variables = useMemo(() => toVariables(state), [toVariables, state]);
  const { poll } = options;
  const { data, previousData, loading, error, refetch, startPolling, stopPolling } = useQuery(document, {
    variables,
    ...usePreloadedPolicy(document, variables),
    notifyOnNetworkStatusChange: poll === undefined,
    skip: typeof options.skip === 'function' ? options.skip(state) : options.skip,
  } as useQuery.Options<TData, TVariables>);
  const shown = (data ?? (loading ? previousData : undefined)) as TData | undefined;
  const page = shown === undefined ? undefined : pageOf(shown);
  const rows = (page?.rows ?? NO_ROWS) as readonly Row[];
  const total = page?.total;
  useListPageClamp(list, data ? total : undefined);
  const polling = poll !== undefined && poll.while(rows);
  const interval = poll?.interval;
  useEffect(() => {
    if (!polling || interval === undefined) return undefined;
    startPolling(interval);
    return () => stopPolling();
  }, [polling, interval, startPolling, stopPolling]);
  const selection = useListSelection(list.key, rows);
  const afterAction = useListAfterAction({
    list,
    rule: options.rule,
    document,
    variables,
    pageOf: (answer) => pageOf(answer) ?? undefined,
    refetch,
  });
  const retry = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  const table: ListTableBinding = {
    rowCount: total,
    page: state.page,
    pageSize: state.pageSize,
    pageSizeOptions: definition.pageSizes,
    onPageChange: (p, size) => list.setPage(p, size),
    sort: toTableSort(definition, state.sort),
    onSortChange: (sort) => list.setSort(fromTableSort(definition, sort)),
    loading,
    listKey: list.key,
  };
  const filters = filtersOf(state);
  const { setState } = list;
  const viewParams = viewParamsOf(definition, state);
  const view = useMemo<ListViewBinding>(
    () => ({
      area: definition.area,
      params: viewParams,
      apply: (params) => setState(stateOfView(definition, params)),
    }),
    [definition, viewParams, setState],
  );
  return {
    list,
    state,
    filters,
    filterForm: { applied: filters, onSubmit: list.setFilters, onClear: list.clear },
    filtersKey: `${JSON.stringify(filters)}#${list.clears}`,
    variables,
    data: shown,
    rows,
    total,
    loading,
    failure: error && !loading ? error : undefined,
    retry,
    refetch,
    table,
    selection,
    afterAction,
    view,
  };
}
