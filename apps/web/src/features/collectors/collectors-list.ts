import { defineListQuery, SEARCH_TEXT_FILTERS, sortFieldsOf, STANDARD_PAGING } from '@/lib/list';
import type { ListDefinition, SearchTextFilters } from '@/lib/list';
import { CollectorsSearchDocument } from './gql/graphql';

/** Buscar Entidades (session storage `collectors.list`): `q` is the name or id. The service orders by name. */
export type CollectorsFilters = SearchTextFilters;

export const collectorsList: ListDefinition<CollectorsFilters, 'NAME'> = {
  area: 'collectors',
  ...STANDARD_PAGING,
  defaultSort: { field: 'NAME', direction: 'ASC' },
  sortFields: sortFieldsOf(['NAME']),
  defaultFilters: () => ({ search: '' }),
  filters: SEARCH_TEXT_FILTERS,
};

/** Buscar Entidades' query for a list state. */
export const collectorsQuery = defineListQuery({
  list: collectorsList,
  document: CollectorsSearchDocument,
  variables: (state) => ({ search: state.search || null, page: state.page, pageSize: state.pageSize }),
  pageOf: (data) => data.collectors,
});
