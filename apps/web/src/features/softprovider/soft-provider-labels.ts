import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import HighlightOff from '@mui/icons-material/HighlightOff';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import type { ActionRegistry } from '@/components/actions/action-registry';
import type { ItemNoun } from '@/components/dialogs/item-noun';
import { dayFilterInstants } from '@/components/pickers/period';
import { defineListQuery, type ListDefinition, enumParam, sortFieldsOf } from '@/lib/list';
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

const STATUS_TEXTS: Readonly<Record<SoftProviderStatus, string>> = {
  IN_PROCESS: 'in_process',
  ERROR: 'error',
  PENDING_APPROVAL: 'pending_approval',
  SENT: 'sent',
};
const STATUS_PARAM = enumParam(STATUS_TEXTS);

export const SOFT_PROVIDER_ACTIONS: ActionRegistry<SoftProviderActionKind> = {
  APPROVE: { label: 'Aprobar', icon: CheckCircleOutline, order: 1 },
  REJECT: { label: 'Rechazar', icon: HighlightOff, order: 2, color: 'error' },
  REGENERATE: { label: 'Regenerar', icon: ReplayOutlined, order: 3 },
  DOWNLOAD: { label: 'Descargar', icon: DownloadOutlined, order: 4 },
};

export const ROW_KINDS: readonly SoftProviderActionKind[] = ['APPROVE', 'REJECT', 'REGENERATE', 'DOWNLOAD'];

export interface SoftProviderFilters {
  search: string;
  /** YYYY-MM-DD (Argentine days), '' when not set. */
  from: string;
  to: string;
  status: SoftProviderStatus | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | null) => (value && DAY.test(value.trim()) ? value.trim() : '');

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
  filters: {
    params: ['q', 'desde', 'hasta', 'estado'],
    parse(params, defaults) {
      return {
        search: (params.get('q') ?? defaults.search).trim(),
        from: day(params.get('desde')),
        to: day(params.get('hasta')),
        status: STATUS_PARAM.parse(params.get('estado')),
      };
    },
    write(filters, params) {
      if (filters.search) params.set('q', filters.search);
      if (filters.from) params.set('desde', filters.from);
      if (filters.to) params.set('hasta', filters.to);
      // Always written ('todos' for every status): an address without list parameters restores the saved list,
      // so a reset to the defaults must still name them.
      params.set('estado', STATUS_PARAM.write(filters.status));
    },
    normalize: (filters) => ({ ...filters, search: filters.search.trim() }),
  },
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
