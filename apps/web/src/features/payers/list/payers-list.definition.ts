import { SEARCH_TEXT_FILTERS, sortFieldsOf, STANDARD_PAGING } from '@/lib/list/list-definition';
import type { LinkedListDefinition, SearchTextFilters } from '@/lib/list/list-definition';
import type { PayerSortField } from '../gql/graphql';

/**
 * Buscar Pagadores' list definition (session storage `payers.list`): `q` is the search text. Its route and codec only,
 * so that another area may link here (`hrefOf`).
 */
export type PayersFilters = SearchTextFilters;

export const payersList: LinkedListDefinition<PayersFilters, PayerSortField> = {
  area: 'payers',
  path: '/pagadores',
  ...STANDARD_PAGING,
  defaultSort: { field: 'ID', direction: 'ASC' },
  sortFields: sortFieldsOf(['ID', 'NAME', 'EMAIL']),
  defaultFilters: () => ({ search: '' }),
  filters: SEARCH_TEXT_FILTERS,
};
