import type { ItemNoun } from '@/components/dialogs/item-noun';
import {
  defineListQuery,
  positionOf,
  type ListDefinition,
  enumParam,
  SHORT_PAGING,
  sortFieldsOf,
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

const STATUS_TEXTS: Readonly<Record<PresentationStatus, string>> = {
  CREATED: 'created',
  DELIVERED: 'delivered',
  REPROCESS: 'reprocess',
};
const STATUS_PARAM = enumParam(STATUS_TEXTS);

/** MM/YYYY for the YYYY-MM a presentation covers. */
export const presentationPeriod = (period: string): string =>
  /^\d{4}-\d{2}$/.test(period) ? `${period.slice(5, 7)}/${period.slice(0, 4)}` : period;

/** "name (version)", as the form types are shown. */
export const formTypeLabel = (structure: { formName: string; version: string }): string =>
  `${structure.formName} (${structure.version})`;

export interface PresentationsFilters {
  search: string;
  status: PresentationStatus | null;
}

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
  filters: {
    params: ['q', 'estado'],
    parse(params, defaults) {
      return {
        search: (params.get('q') ?? defaults.search).trim(),
        status: STATUS_PARAM.parse(params.get('estado')),
      };
    },
    write(filters, params) {
      if (filters.search) params.set('q', filters.search);
      // Always written ('todos' for every status): an address without list parameters restores the saved list,
      // so a reset to the defaults must still name them.
      params.set('estado', STATUS_PARAM.write(filters.status));
    },
    normalize: (filters) => ({ ...filters, search: filters.search.trim() }),
  },
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
