import { SEARCH_TEXT_FILTERS, sortFieldsOf, STANDARD_PAGING } from '@/lib/list/list-definition';
import type { LinkedListDefinition, SearchTextFilters } from '@/lib/list/list-definition';

/**
 * Buscar Entidades' list definition (session storage `collectors.list`): `q` is the name or id; the service orders by
 * name. Its route and codec only, so that another area may link here (`hrefOf`).
 */
export type CollectorsFilters = SearchTextFilters;

export const collectorsList: LinkedListDefinition<CollectorsFilters, 'NAME'> = {
  area: 'collectors',
  path: '/comercios',
  ...STANDARD_PAGING,
  defaultSort: { field: 'NAME', direction: 'ASC' },
  sortFields: sortFieldsOf(['NAME']),
  defaultFilters: () => ({ search: '' }),
  filters: SEARCH_TEXT_FILTERS,
};
