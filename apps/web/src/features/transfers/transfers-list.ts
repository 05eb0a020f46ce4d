import type { ItemNoun } from '@/components/dialogs/item-noun';
import { dayFilterInstants } from '@/components/pickers/period';
import { amountFilterValue } from '@/lib/amount-filter';
import {
  defineListQuery,
  statusListRule,
  type StatusRowChange,
  positionOf,
  type ListCacheRule,
} from '@/lib/list';
import { TransfersDocument, type TransferFilter, type TransferStatus } from './gql/graphql';
import { transfersList, type TransfersFilters } from './transfers-list.definition';

export { transfersList, type TransfersFilters } from './transfers-list.definition';

export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  PENDING: 'Pendiente',
  CONCILIATED: 'Conciliada',
  REJECTED: 'Rechazada',
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
