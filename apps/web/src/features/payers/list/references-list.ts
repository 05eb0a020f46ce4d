import type { CollectorRef } from '@/components/pickers/collector-picker';
import { defineListQuery, STANDARD_PAGING, type ListDefinition, sortFieldsOf } from '@/lib/list';
import { COLLECTOR_PARAMS, parseCollectorParam, writeCollectorParam } from '@/lib/list/collector-param';
import { PayerReferencesDocument } from '../gql/graphql';

/** Referencias de pagadores (session storage `payerReferences.list`): `q` search, `entidad` collector. */
export interface ReferencesFilters {
  search: string;
  collector: CollectorRef | null;
}

export const referencesList: ListDefinition<ReferencesFilters, 'ID'> = {
  area: 'payerReferences',
  ...STANDARD_PAGING,
  defaultSort: { field: 'ID', direction: 'ASC' },
  sortFields: sortFieldsOf(['ID']),
  defaultFilters: () => ({ search: '', collector: null }),
  filters: {
    params: ['q', ...COLLECTOR_PARAMS],
    parse(params, defaults) {
      return {
        search: (params.get('q') ?? defaults.search).trim(),
        collector: parseCollectorParam(params),
      };
    },
    write(filters, params) {
      if (filters.search) params.set('q', filters.search);
      writeCollectorParam(filters.collector, params);
    },
  },
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
