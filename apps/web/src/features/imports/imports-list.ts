import { dayFilterInstants } from '@/components/pickers/period';
import {
  choicePart,
  COLLECTOR_PART,
  combineFilters,
  dayRangePart,
  defineListQuery,
  keyParam,
  positionOf,
  SEARCH_TEXT_PART,
  STANDARD_PAGING,
  type ListDefinition,
  sortFieldsOf,
} from '@/lib/list';
import { ImportsListDocument, type ImportFilter, type ImportSortField } from './gql/graphql';

/**
 * /importaciones' list (lib/list, session storage `imports.list`): `q` (import id or file name), `entidad` +
 * `entidad_nombre`, `estado` (the upstream status), `desde` / `hasta` (request days, Argentine time), then page,
 * page_size and sort (default request date descending, spec 001 §9).
 */
export interface ImportsFilters {
  search: string;
  collector: { id: string; name: string } | null;
  status: string | null;
  from: string | null;
  to: string | null;
}

export const IMPORT_STATUSES = ['pending_approved', 'approved', 'cancelled', 'error'] as const;

export const importsList: ListDefinition<ImportsFilters, ImportSortField> = {
  area: 'imports',
  ...STANDARD_PAGING,
  defaultSort: { field: 'REQUEST_DATE', direction: 'DESC' },
  sortFields: sortFieldsOf([
    'REQUEST_DATE',
    'TOTAL_AMOUNT',
    'ISSUED_AMOUNT',
    'REQUEST_COUNT',
    'ISSUED_COUNT',
    'ERROR_COUNT',
    'STATUS',
  ]),
  defaultFilters: () => ({ search: '', collector: null, status: null, from: null, to: null }),
  filters: combineFilters(
    SEARCH_TEXT_PART,
    COLLECTOR_PART,
    choicePart(
      'status',
      'estado',
      keyParam(Object.fromEntries(IMPORT_STATUSES.map((status) => [status, status]))),
    ),
    dayRangePart(),
  ),
};

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
