import type { ItemNoun } from '@/components/dialogs/item-noun';
import { defineListQuery, type ListDefinition, sortFieldsOf, textPart } from '@/lib/list';
import { CardBinsDocument } from './gql/graphql';

export interface BinsFilters {
  search: string;
}

/**
 * Buscar BIN's list (session storage `bins.list`): `q` in the URL; page sizes 5, 10, 25, 100 (10 by default).
 * The service counts pages from index 0 (spec 001 §9): the screen's page N is the gateway's page N - 1.
 */
export const binsList: ListDefinition<BinsFilters, 'BIN'> = {
  area: 'bins',
  pageSizes: [5, 10, 25, 100],
  defaultPageSize: 10,
  defaultSort: { field: 'BIN', direction: 'ASC' },
  sortFields: sortFieldsOf(['BIN'], { BIN: { param: 'id', column: 'id' } }),
  defaultFilters: () => ({ search: '' }),
  // Always written (empty when there is no search): an address without list parameters restores the saved list.
  filters: textPart('search', 'q', { always: true }),
};

/** Buscar BIN's query for a list state (no sort). */
export const binsQuery = defineListQuery({
  list: binsList,
  document: CardBinsDocument,
  variables: (state) => ({ search: state.search || null, page: state.page, pageSize: state.pageSize }),
  pageOf: (data) => data.cardBins,
});

export const BIN_NOUN: ItemNoun = { one: 'BIN', many: 'BINs', gender: 'masculine' };
