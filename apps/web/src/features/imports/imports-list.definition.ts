import { keyParam } from '@/lib/list/enum-param';
import {
  choicePart,
  COLLECTOR_PART,
  combineFilters,
  dayRangePart,
  SEARCH_TEXT_PART,
} from '@/lib/list/filter-parts';
import { sortFieldsOf, STANDARD_PAGING, type LinkedListDefinition } from '@/lib/list/list-definition';
import type { ImportSortField } from './gql/graphql';

/**
 * /importaciones' list definition (lib/list, session storage `imports.list`; its route and codec only, so that another
 * area may link here: `hrefOf`): `q` (import id or file name), `entidad` +
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

export const importsList: LinkedListDefinition<ImportsFilters, ImportSortField> = {
  area: 'imports',
  path: '/importaciones',
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
