import type { ReactNode } from 'react';
import type { OperationVariables } from '@apollo/client';
import type { DataTableColumn } from '../data-table/data-table';
import type { ListQuery } from '@/lib/list/list-query';
import { useListPage } from '@/lib/list/use-list-page';
import { ListPage } from './list-page';
import { ListSearchBar } from './list-search-bar';

/** The texts of a search screen, as an area's messages name them. */
export interface SearchListTexts {
  searchTitle: string;
  searchPlaceholder: string;
  loadError: string;
  empty: string;
  /** The search form's accessible name ('Filtros de pagadores'). */
  searchFilters: string;
  /** The grid's accessible name ('Pagadores'). */
  searchGrid: string;
}

/**
 * A screen that is one search box over one list (Buscar Entidades, Buscar Pagadores): the title, the search bar
 * bound to the list's `search` (test id `<area>-search-input`), and the list whose rows open their own page.
 */
export function SearchListPage<
  S extends string,
  TData,
  TVariables extends OperationVariables,
  Row extends { id: string },
>({
  query,
  texts,
  columns,
  rowHref,
  headerActions,
  unsorted,
}: {
  query: ListQuery<{ search: string }, S, TData, TVariables, Row>;
  texts: SearchListTexts;
  columns: readonly DataTableColumn<Row>[];
  /** Where a row opens: its record's page (`(id) => recordHref('payer', { id })`, lib/record-href.ts). */
  rowHref: (id: string) => string;
  headerActions?: ReactNode;
  unsorted?: boolean;
}) {
  const page = useListPage(query);
  return (
    <ListPage
      page={page}
      title={texts.searchTitle}
      headerActions={headerActions}
      filters={
        <ListSearchBar
          page={page}
          clearable
          ariaLabel={texts.searchFilters}
          placeholder={texts.searchPlaceholder}
          inputTestId={`${query.list.area}-search-input`}
        />
      }
      errorTitle={texts.loadError}
      table={{
        ariaLabel: texts.searchGrid,
        columns,
        emptyMessage: texts.empty,
        getRowHref: (row) => rowHref(row.id),
        unsorted,
      }}
    />
  );
}
