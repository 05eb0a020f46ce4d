import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { ListDefinition, ListState } from './list-definition';

/** One page of a list as the gateway answers it. */
export interface ListPageData<Row> {
  rows: readonly Row[];
  total: number;
}

/**
 * A list screen's data, declared once: its state (`list`), its query and the variables that query takes for a
 * state, and where the page sits in the answer. The route's preload (`listQueryPreload`) and the screen
 * (`useListPage`) read the same definition, so they always send the same request.
 */
export interface ListQuery<
  F extends object,
  S extends string,
  TData,
  TVariables extends OperationVariables,
  Row,
> {
  list: ListDefinition<F, S>;
  document: TypedDocumentNode<TData, TVariables>;
  variables(state: ListState<F, S>): TVariables;
  /** Null when the gateway answered the list field null (refused or failed: the error says why). */
  pageOf(data: TData): ListPageData<Row> | null | undefined;
}

/** Spells out a `ListQuery` with its types inferred (the definition's only job). */
export function defineListQuery<
  F extends object,
  S extends string,
  TData,
  TVariables extends OperationVariables,
  Row,
>(query: ListQuery<F, S, TData, TVariables, Row>): ListQuery<F, S, TData, TVariables, Row> {
  return query;
}
