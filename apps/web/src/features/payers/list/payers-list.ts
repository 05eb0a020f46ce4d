import { defineListQuery } from '@/lib/list';
import { PayersSearchDocument } from '../gql/graphql';
import { payersList } from './payers-list.definition';

export { payersList, type PayersFilters } from './payers-list.definition';

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
