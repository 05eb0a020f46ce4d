import { codeParam } from '@/lib/list/enum-param';
import { combineFilters, SEARCH_TEXT_PART, statusFilter, type StatusFilters } from '@/lib/list/filter-parts';
import {
  SHORT_PAGING,
  sortFieldsOf,
  type LinkedListDefinition,
  type SearchTextFilters,
} from '@/lib/list/list-definition';
import type { PresentationSortField, PresentationStatus } from './gql/graphql';

/** Spanish status names of a presentation (spec 001 §4 "Tax presentation"). */
export const PRESENTATION_STATUS_LABELS: Readonly<Record<PresentationStatus, string>> = {
  CREATED: 'Creada',
  DELIVERED: 'Presentada',
  REPROCESS: 'Re-proceso',
};

export type PresentationsFilters = SearchTextFilters & StatusFilters<PresentationStatus>;

/**
 * Presentaciones AFIP's list definition (session storage `afip.list`; its route and codec only, so that another area
 * may link here: `hrefOf`): `q` (id or file name) and `estado` in the URL; 10 rows;
 * default sort created_date descending, a header click toggles ascending/descending (spec 001 §2, §9).
 */
export const presentationsList: LinkedListDefinition<PresentationsFilters, PresentationSortField> = {
  area: 'afip',
  path: '/afip',
  ...SHORT_PAGING,
  defaultSort: { field: 'CREATED_DATE', direction: 'DESC' },
  sortFields: sortFieldsOf(
    [
      'CREATED_DATE',
      'ID',
      'PERIOD',
      'FORM_NAME',
      'VERSION',
      'FILE_NAME',
      'AFIP_TRANSACTION_ID',
      'DELIVERY_DATE',
      'STATUS',
    ],
    { FORM_NAME: { param: 'file_structure.form_name' }, VERSION: { param: 'file_structure.version' } },
  ),
  defaultFilters: () => ({ search: '', status: null }),
  filters: combineFilters(SEARCH_TEXT_PART, statusFilter(codeParam(PRESENTATION_STATUS_LABELS))),
};
