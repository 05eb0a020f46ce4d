import type { ItemNoun } from '@/components/dialogs/item-noun';
import { dayFilterInstants } from '@/components/pickers/period';
import { amountFilterValue } from '@/lib/amount-filter';
import {
  COLLECTOR_PART,
  combineFilters,
  dayRangePart,
  defineListQuery,
  SEARCH_TEXT_PART,
  statusFilter,
  textPart,
  statusListRule,
  type StatusRowChange,
  positionOf,
  STANDARD_PAGING,
  type ListCacheRule,
  type ListDefinition,
  enumParam,
  sortFieldsOf,
} from '@/lib/list';
import {
  TransfersDocument,
  type TransferFilter,
  type TransferSortField,
  type TransferStatus,
} from './gql/graphql';

/**
 * /transferencias' list (lib/list, session storage `transfers.list`): `q` (payment id or destination transfer
 * id), `entidad` + `entidad_nombre`, `desde` / `hasta` (days), `monto` (exact), `cuit` (exact, 11 digits),
 * `estado` (pendiente | conciliada | rechazada | todos; initially pendiente, spec 001 §2).
 */
export interface TransfersFilters {
  search: string;
  collector: { id: string; name: string } | null;
  from: string | null;
  to: string | null;
  amount: string;
  cuit: string;
  status: TransferStatus | null;
}

export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  PENDING: 'Pendiente',
  CONCILIATED: 'Conciliada',
  REJECTED: 'Rechazada',
};

const STATUS_TEXTS: Record<TransferStatus, string> = {
  PENDING: 'pendiente',
  CONCILIATED: 'conciliada',
  REJECTED: 'rechazada',
};
const STATUS_PARAM = enumParam(STATUS_TEXTS);

export const transfersList: ListDefinition<TransfersFilters, TransferSortField> = {
  area: 'transfers',
  ...STANDARD_PAGING,
  defaultSort: { field: 'REQUEST_DATE', direction: 'DESC' },
  sortFields: sortFieldsOf(['REQUEST_DATE', 'AMOUNT', 'STATUS']),
  defaultFilters: () => ({
    search: '',
    collector: null,
    from: null,
    to: null,
    amount: '',
    cuit: '',
    status: 'PENDING',
  }),
  filters: combineFilters(
    SEARCH_TEXT_PART,
    COLLECTOR_PART,
    dayRangePart(),
    textPart('amount', 'monto'),
    textPart('cuit', 'cuit', { tidy: (cuit) => cuit.replace(/\D/g, '') }),
    statusFilter(STATUS_PARAM),
  ),
};

/** The gateway filter: days become Argentine instants; the amount read by the one parser (not one: no filter). */
export function toTransferFilter(filters: TransfersFilters): TransferFilter {
  return {
    search: filters.search || null,
    collectorId: filters.collector?.id ?? null,
    ...dayFilterInstants(filters.from, filters.to),
    amount: amountFilterValue(filters.amount),
    payerCuit: filters.cuit || null,
    status: filters.status,
  };
}

/** After a conciliation the row is replaced, or leaves a list whose status filter it no longer matches. */
export const transfersListRule: ListCacheRule<
  StatusRowChange<TransferStatus>,
  TransferFilter
> = statusListRule('transfers');

/** Conciliación de transferencias' query for a list state. */
export const transfersQuery = defineListQuery({
  list: transfersList,
  document: TransfersDocument,
  variables: (state) => ({ filter: toTransferFilter(state), ...positionOf(state) }),
  pageOf: (data) => data.transfers,
});

export const TRANSFER_NOUN: ItemNoun = { one: 'transferencia', many: 'transferencias', gender: 'feminine' };
