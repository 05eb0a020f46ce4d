import {
  type CollectorFilters,
  COLLECTOR_PART,
  combineFilters,
  defineListQuery,
  SEARCH_TEXT_PART,
  type SearchTextFilters,
  STANDARD_PAGING,
  type LinkedListDefinition,
  sortFieldsOf,
} from '@/lib/list';
import { PayerReferencesDocument } from '../gql/graphql';

/** Referencias de pagadores (session storage `payerReferences.list`): `q` search, `entidad` collector. */
export type ReferencesFilters = SearchTextFilters & CollectorFilters;

export const referencesList: LinkedListDefinition<ReferencesFilters, 'ID'> = {
  area: 'payerReferences',
  path: '/pagadores/referencias',
  ...STANDARD_PAGING,
  defaultSort: { field: 'ID', direction: 'ASC' },
  sortFields: sortFieldsOf(['ID']),
  defaultFilters: () => ({ search: '', collector: null }),
  filters: combineFilters(SEARCH_TEXT_PART, COLLECTOR_PART),
};

/** "10001 - Club Atlético ..." (001 §2: entity as id - name). */
export const collectorText = (id: string, name: string | null | undefined): string =>
  name ? `${id} - ${name}` : id;

/** Referencias de pagadores' query for a list state (the service takes no sort). */
export const referencesQuery = defineListQuery({
  list: referencesList,
  document: PayerReferencesDocument,
  variables: (state) => ({
    collectorId: state.collector?.id ?? null,
    search: state.search || null,
    page: state.page,
    pageSize: state.pageSize,
  }),
  pageOf: (data) => data.payerReferences,
});
