import type { ItemNoun } from '@/components/dialogs/item-noun';
import { EXPORT_TYPE_LABELS } from '@/components/exports';
import { CURRENT_PERIOD, periodRange } from '@/components/pickers/period';
import {
  choicePart,
  codeParam,
  combineFilters,
  defineListQuery,
  enumParam,
  periodPart,
  STANDARD_PAGING,
  type ListDefinition,
  sortFieldsOf,
} from '@/lib/list';
import {
  ExportsHistoryDocument,
  type ExportFilter,
  type ExportFormat,
  type ExportStatus,
  type ExportType,
} from './gql/graphql';

/**
 * Filter choices: spec 001 §2 lists "Todos, payments, subscription" and "Todos, xlsx, csv, json"; the types read in
 * Spanish as the export dialog names them, the URL keeps the service's words.
 */
export const EXPORT_TYPE_OPTIONS: ReadonlyArray<{ value: ExportType; label: string; param: string }> = [
  { value: 'PAYMENTS', label: EXPORT_TYPE_LABELS.PAYMENTS, param: 'payments' },
  { value: 'SUBSCRIPTION', label: EXPORT_TYPE_LABELS.SUBSCRIPTION, param: 'subscription' },
];
export const EXPORT_FORMAT_OPTIONS: ReadonlyArray<{ value: ExportFormat; label: string; param: string }> = [
  { value: 'XLSX', label: 'xlsx', param: 'xlsx' },
  { value: 'CSV', label: 'csv', param: 'csv' },
  { value: 'JSON', label: 'json', param: 'json' },
];
export const EXPORT_STATUS_LABELS: Readonly<Record<ExportStatus, string>> = {
  PENDING: 'Pendiente',
  PROCESSING: 'En proceso',
  FINISHED: 'Finalizada',
  ERROR: 'Error',
};

/** Still running: the list keeps refreshing while one of these is shown. */
export const isRunning = (status: ExportStatus): boolean => status === 'PENDING' || status === 'PROCESSING';

/** A choice's URL texts: each option's `param`. */
const optionsParam = <T extends string>(options: ReadonlyArray<{ value: T; param: string }>) =>
  enumParam(Object.fromEntries(options.map((option) => [option.value, option.param])) as Record<T, string>);

export interface ExportsFilters {
  /** YYYY-MM of the request date, or 'Mes actual' (`CURRENT_PERIOD`). */
  period: string;
  type: ExportType | null;
  format: ExportFormat | null;
  status: ExportStatus | null;
}

/**
 * Historial de exportaciones (session storage `exports.list`): `periodo` (default 'Mes actual', not written), `tipo`,
 * `formato`, `estado` in the URL; newest first (spec 001 §2, §9).
 */
export const exportsList: ListDefinition<ExportsFilters, 'CREATED_DATE'> = {
  area: 'exports',
  ...STANDARD_PAGING,
  defaultSort: { field: 'CREATED_DATE', direction: 'DESC' },
  sortFields: sortFieldsOf(['CREATED_DATE']),
  defaultFilters: () => ({ period: CURRENT_PERIOD, type: null, format: null, status: null }),
  filters: combineFilters(
    periodPart('periodo'),
    choicePart('type', 'tipo', optionsParam(EXPORT_TYPE_OPTIONS)),
    choicePart('format', 'formato', optionsParam(EXPORT_FORMAT_OPTIONS)),
    choicePart('status', 'estado', codeParam(EXPORT_STATUS_LABELS)),
  ),
};

/** The gateway's filter of the list state: the month's request dates (Argentine time) and the choices. */
export function toExportFilter(filters: ExportsFilters): ExportFilter {
  const { from, to } = periodRange(filters.period);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    type: filters.type,
    format: filters.format,
    status: filters.status,
  };
}

/** Historial de exportaciones' query for a list state (the service takes no sort). */
export const exportsQuery = defineListQuery({
  list: exportsList,
  document: ExportsHistoryDocument,
  variables: (state) => ({ filter: toExportFilter(state), page: state.page, pageSize: state.pageSize }),
  pageOf: (data) => data.exports,
});

export const EXPORT_NOUN: ItemNoun = { one: 'exportación', many: 'exportaciones', gender: 'feminine' };
