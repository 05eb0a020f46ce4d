import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import type { ActionRegistry } from '@/components/actions/action-registry';
import type { ItemNoun } from '@/components/dialogs/item-noun';
import { dayFilterInstants, parseDayParam } from '@/components/pickers/period';
import {
  codeParam,
  combineFilters,
  dayRangePart,
  defineListQuery,
  type ListDefinition,
  SEARCH_TEXT_PART,
  type SearchTextFilters,
  sortFieldsOf,
  statusFilter,
  type StatusFilters,
} from '@/lib/list';
import {
  SoftProviderItemsDocument,
  type SoftProviderActionKind,
  type SoftProviderStatus,
} from './gql/graphql';

/** The status column's texts (spec 001 §2): Error, En proceso, Pendiente, Enviado. */
export const SOFT_PROVIDER_STATUS_LABELS: Readonly<Record<SoftProviderStatus, string>> = {
  IN_PROCESS: 'En proceso',
  ERROR: 'Error',
  PENDING_APPROVAL: 'Pendiente',
  SENT: 'Enviado',
};

export const SOFT_PROVIDER_STATUS_COLORS: Readonly<
  Record<SoftProviderStatus, 'info' | 'error' | 'warning' | 'success'>
> = { IN_PROCESS: 'info', ERROR: 'error', PENDING_APPROVAL: 'warning', SENT: 'success' };

export const SOFT_PROVIDER_ACTIONS: ActionRegistry<SoftProviderActionKind> = {
  APPROVE: { label: 'Aprobar', icon: CheckCircleOutline, order: 1 },
  REJECT: { label: 'Rechazar', icon: HighlightOff, order: 2, color: 'error' },
  REGENERATE: { label: 'Regenerar', icon: ReplayOutlined, order: 3 },
  DOWNLOAD: { label: 'Descargar', icon: DownloadOutlined, order: 4 },
};

/**
 * Next to 'Descargar': the report is the AGIP/ARBA fixed-width format byte for byte (docs/decisions.md, "AFIP,
 * software provider and BINs").
 */
export const SOFT_PROVIDER_FILE_NOTE =
  'El reporte se descarga tal como lo genera el servicio, en el formato fijo de AGIP/ARBA: sus fechas y códigos son los del formato, sin traducir.';

export const ROW_KINDS: readonly SoftProviderActionKind[] = ['APPROVE', 'REJECT', 'REGENERATE', 'DOWNLOAD'];

/** The days of the report's period: YYYY-MM-DD (Argentine days), '' when not set. */
interface SoftProviderDays {
  from: string;
  to: string;
}

export type SoftProviderFilters = SearchTextFilters & SoftProviderDays & StatusFilters<SoftProviderStatus>;

/** The report's days: a real day of the address, '' for none. */
const DAYS_FILTER = dayRangePart((raw) => parseDayParam(raw) ?? '');

/**
 * Reporte plano de integraciones' list (session storage `soft-provider.list`): `q`, `desde`, `hasta`, `estado`;
 * page sizes 5, 10, 25, 100, 10 by default (spec 001 §2, §9). Newest period first.
 */
export const softProviderList: ListDefinition<SoftProviderFilters, 'START_DATE'> = {
  area: 'soft-provider',
  pageSizes: [5, 10, 25, 100],
  defaultPageSize: 10,
  defaultSort: { field: 'START_DATE', direction: 'DESC' },
  sortFields: sortFieldsOf(['START_DATE']),
  defaultFilters: () => ({ search: '', from: '', to: '', status: null }),
  filters: combineFilters(
    SEARCH_TEXT_PART,
    DAYS_FILTER,
    statusFilter(codeParam(SOFT_PROVIDER_STATUS_LABELS)),
  ),
};

/** Reporte plano de integraciones' query for a list state (the service takes no sort). */
export const softProviderQuery = defineListQuery({
  list: softProviderList,
  document: SoftProviderItemsDocument,
  variables: (state) => ({
    filter: {
      search: state.search || null,
      ...dayFilterInstants(state.from || null, state.to || null),
      status: state.status,
    },
    page: state.page,
    pageSize: state.pageSize,
  }),
  pageOf: (data) => data.softProviderItems,
});

export const SOFT_PROVIDER_NOUN: ItemNoun = { one: 'reporte', many: 'reportes', gender: 'masculine' };
