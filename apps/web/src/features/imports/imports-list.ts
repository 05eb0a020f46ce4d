import { dayFilterInstants } from '@/components/pickers/period';
import { defineListQuery, positionOf } from '@/lib/list';
import { ImportsListDocument, type ImportFilter } from './gql/graphql';
import { importsList, type ImportsFilters } from './imports-list.definition';

export { IMPORT_STATUSES, importsList, type ImportsFilters } from './imports-list.definition';

/** The gateway filter: days become Argentine instants (start of `from`, end of `to`). */
export function toImportFilter(filters: ImportsFilters): ImportFilter {
  return {
    search: filters.search || null,
    collectorId: filters.collector?.id ?? null,
    status: filters.status,
    ...dayFilterInstants(filters.from, filters.to),
  };
}

/** Importaciones' query for a list state. */
export const importsQuery = defineListQuery({
  list: importsList,
  document: ImportsListDocument,
  variables: (state) => ({ filter: toImportFilter(state), ...positionOf(state) }),
  pageOf: (data) => data.imports,
});
