import { defineListQuery, SEARCH_TEXT_FILTERS, sortFieldsOf, STANDARD_PAGING } from '@/lib/list';
import type { ListDefinition, SearchTextFilters } from '@/lib/list';
import { PayersSearchDocument, type PayerSortField } from '../gql/graphql';

/** Buscar Pagadores (session storage `payers.list`): `q` is the search text. */
export type PayersFilters = SearchTextFilters;

export const payersList: ListDefinition<PayersFilters, PayerSortField> = {
  area: 'payers',
  ...STANDARD_PAGING,
  defaultSort: { field: 'ID', direction: 'ASC' },
  sortFields: sortFieldsOf(['ID', 'NAME', 'EMAIL']),
  defaultFilters: () => ({ search: '' }),
  filters: SEARCH_TEXT_FILTERS,
};

/** Buscar Pagadores' query for a list state. */
export const payersQuery = defineListQuery({
  list: payersList,
  document: PayersSearchDocument,
  variables: (state) => ({
    search: state.search || null,
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
  }),
  pageOf: (data) => data.payers,
});
