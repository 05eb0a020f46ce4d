import { defineListQuery, STANDARD_PAGING, type ListDefinition } from '@/lib/list';
import { PayersSearchDocument, type PayerSortField } from '../gql/graphql';

/** Buscar Pagadores (session storage `payers.list`): `q` is the search text. */
export interface PayersFilters {
  search: string;
}

export const payersList: ListDefinition<PayersFilters, PayerSortField> = {
  area: 'payers',
  ...STANDARD_PAGING,
  defaultSort: { field: 'ID', direction: 'ASC' },
  sortFields: {
    ID: { param: 'id', column: 'id' },
    NAME: { param: 'name', column: 'name' },
    EMAIL: { param: 'email', column: 'email' },
  },
  defaultFilters: () => ({ search: '' }),
  filters: {
    params: ['q'],
    parse: (params, defaults) => ({ search: (params.get('q') ?? defaults.search).trim() }),
    write(filters, params) {
      if (filters.search) params.set('q', filters.search);
    },
  },
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
