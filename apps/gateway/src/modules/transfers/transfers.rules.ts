import { decimalFromUpstream, toUpstreamNumber } from '@backoffice/validators';
import { badUserInput } from '../../errors.js';
import type {
  TransferActionKind,
  TransferConciliation,
  TransferFilter,
  TransferSortField,
  TransferStatus,
} from '../../generated/resolvers-types.js';
import { defineActions } from '../../shared/actions.js';
import { toIsoDate } from '../../shared/dates.js';
import { checkId } from '../../shared/inputs.js';
import { normalizeSearch } from '../../shared/paging.js';
import { str } from '../../shared/values.js';
import { permissionOf } from '../../shared/mutation-permissions.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import { periodFilters, searchFilter, type Filter } from '../../upstream/filters.js';
import type { RawTransfer } from './transfers.datasource.js';

/** @mapper TransferConciliation */
export type TransferModel = Omit<TransferConciliation, 'actions' | 'collector'>;

const STATUSES: Readonly<Record<string, TransferStatus>> = {
  pending: 'PENDING',
  conciliated: 'CONCILIATED',
  rejected: 'REJECTED',
};

export function mapTransfer(raw: RawTransfer): TransferModel {
  const id = str(raw.id);
  const collectorId = str(raw.collector_id);
  const status = STATUSES[str(raw.status)?.toLowerCase() ?? ''];
  const amount = decimalFromUpstream(raw.amount);
  if (!id || !collectorId || !status || amount === null) {
    throw new UpstreamContractError(`transfer: unreadable conciliation ${String(raw.id)}`);
  }
  return {
    id,
    collectorId,
    payerId: str(raw.payer_id),
    paymentId: str(raw.payment_id),
    destinyTransferId: str(raw.destiny_transfer_id),
    amount,
    requestDate: toIsoDate(raw.request_date),
    status,
    statusDetail: str(raw.status_detail),
    conciliationDate: toIsoDate(raw.conciliation_date),
  };
}

/** Manual conciliation: TRANSFER_UPDATE, pending rows only (spec 001 §4 "Transfer conciliation"). */
export const transferActions = defineActions<TransferActionKind, TransferModel>({
  kinds: ['CONCILIATE'],
  permissions: {
    CONCILIATE: permissionOf('conciliateTransfer', 'No tiene permisos para conciliar transferencias.'),
  },
  availableOnPreviousVersion: ['CONCILIATE'],
  previousVersionReason: '',
  isCurrentVersion: () => true,
  stateReason: (_kind, doc) =>
    doc.status === 'PENDING' ? null : 'Solo se pueden conciliar transferencias pendientes.',
});

export const SORTS: Readonly<Record<TransferSortField, string>> = {
  REQUEST_DATE: 'request_date',
  AMOUNT: 'amount',
  STATUS: 'status',
};

/** The upstream filters of /transferencias: collector, period, exact amount, exact CUIT, status, search. */
export function transferFilters(filter: TransferFilter | null | undefined): Filter[] {
  const f = filter ?? {};
  const filters: Filter[] = [];
  if (f.collectorId)
    filters.push({
      field: 'collector_id',
      operation: 'EQUAL',
      value: checkId(f.collectorId, 'filter.collectorId'),
    });
  filters.push(...periodFilters('request_date', f.from, f.to, { from: 'filter.from', to: 'filter.to' }));
  if (f.amount) filters.push({ field: 'amount', operation: 'EQUAL', value: toUpstreamNumber(f.amount) });
  if (f.payerCuit) {
    const cuit = f.payerCuit.replace(/-/g, '').trim();
    if (!/^\d{11}$/.test(cuit)) throw badUserInput('El CUIT debe tener 11 dígitos.', 'filter.payerCuit');
    filters.push({ field: 'payer_id', operation: 'EQUAL', value: cuit });
  }
  if (f.status) {
    const status = Object.keys(STATUSES).find((key) => STATUSES[key] === f.status) as string;
    filters.push({ field: 'status', operation: 'EQUAL', value: status });
  }
  const search = normalizeSearch(f.search, 'filter.search');
  if (search) filters.push(searchFilter(search, { idField: 'payment_id', textField: 'destiny_transfer_id' }));
  return filters;
}
