import { defineListQuery, STANDARD_PAGING, type ListDefinition } from '@/lib/list';
import { CollectorsSearchDocument } from './gql/graphql';

/** Buscar Entidades (session storage `collectors.list`): `q` is the name or id. The service orders by name. */
export interface CollectorsFilters {
  search: string;
}

export const collectorsList: ListDefinition<CollectorsFilters, 'NAME'> = {
  area: 'collectors',
  ...STANDARD_PAGING,
  defaultSort: { field: 'NAME', direction: 'ASC' },
  sortFields: { NAME: { param: 'name', column: 'name' } },
  defaultFilters: () => ({ search: '' }),
  filters: {
    params: ['q'],
    parse: (params, defaults) => ({ search: (params.get('q') ?? defaults.search).trim() }),
    write(filters, params) {
      if (filters.search) params.set('q', filters.search);
    },
  },
};

/** Buscar Entidades' query for a list state. */
export const collectorsQuery = defineListQuery({
  list: collectorsList,
  document: CollectorsSearchDocument,
  variables: (state) => ({ search: state.search || null, page: state.page, pageSize: state.pageSize }),
  pageOf: (data) => data.collectors,
});
