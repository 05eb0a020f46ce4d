import type { ItemNoun } from '@/components/dialogs/item-noun';
import {
  codeParam,
  combineFilters,
  defineListQuery,
  positionOf,
  type ListDefinition,
  SEARCH_TEXT_PART,
  type SearchTextFilters,
  SHORT_PAGING,
  sortFieldsOf,
  statusFilter,
  type StatusFilters,
} from '@/lib/list';
import {
  PresentationsListDocument,
  type PresentationSortField,
  type PresentationStatus,
} from './gql/graphql';

/** Spanish status names of a presentation (spec 001 §4 "Tax presentation"). */
export const PRESENTATION_STATUS_LABELS: Readonly<Record<PresentationStatus, string>> = {
  CREATED: 'Creada',
  DELIVERED: 'Presentada',
  REPROCESS: 'Re-proceso',
};

export const PRESENTATION_STATUS_COLORS: Readonly<
  Record<PresentationStatus, 'info' | 'success' | 'warning'>
> = {
  CREATED: 'info',
  DELIVERED: 'success',
  REPROCESS: 'warning',
};

/** MM/YYYY for the YYYY-MM a presentation covers. */
export const presentationPeriod = (period: string): string =>
  /^\d{4}-\d{2}$/.test(period) ? `${period.slice(5, 7)}/${period.slice(0, 4)}` : period;

/** "name (version)", as the form types are shown. */
export const formTypeLabel = (structure: { formName: string; version: string }): string =>
  `${structure.formName} (${structure.version})`;

export type PresentationsFilters = SearchTextFilters & StatusFilters<PresentationStatus>;

/**
 * Presentaciones AFIP's list (session storage `afip.list`): `q` (id or file name) and `estado` in the URL; 10 rows;
 * default sort created_date descending, a header click toggles ascending/descending (spec 001 §2, §9).
 */
export const presentationsList: ListDefinition<PresentationsFilters, PresentationSortField> = {
  area: 'afip',
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

/** Presentaciones AFIP's query for a list state. */
export const presentationsQuery = defineListQuery({
  list: presentationsList,
  document: PresentationsListDocument,
  variables: (state) => ({
    filter: { search: state.search || null, status: state.status },
    ...positionOf(state),
  }),
  pageOf: (data) => data.presentations,
});

export const PRESENTATION_NOUN: ItemNoun = {
  one: 'presentación',
  many: 'presentaciones',
  gender: 'feminine',
};
