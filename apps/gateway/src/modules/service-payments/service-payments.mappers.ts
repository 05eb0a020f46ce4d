/** Lote service JSON -> the schema's TransactionBatch / GatewayBatch (Decimal strings, ISO dates, enums). */
import { decimalFromUpstream } from '@backoffice/validators';
import type { BatchState, GatewayBatch, TransactionBatch } from '../../generated/resolvers-types.js';
import { toIsoDate } from '../../shared/dates.js';
import { int, str } from '../../shared/values.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import type { RawBatch } from './service-payments.datasource.js';

const STATES: Readonly<Record<string, BatchState>> = {
  open: 'OPEN',
  pending: 'PENDING',
  conciliated: 'CONCILIATED',
  close: 'CLOSE',
};

/** @mapper GatewayBatch */
export type GatewayBatchModel = Omit<GatewayBatch, 'actions'>;

function required<T>(value: T | null, what: string, raw: RawBatch): T {
  if (value === null) throw new UpstreamContractError(`batch ${String(raw.id)}: missing ${what}`);
  return value;
}

function state(value: unknown): BatchState {
  const found = typeof value === 'string' ? STATES[value.toLowerCase()] : undefined;
  if (!found) throw new UpstreamContractError(`unknown batch state: ${JSON.stringify(value)}`);
  return found;
}

const counts = (raw: RawBatch) => ({
  id: required(str(raw.id), 'id', raw),
  batchNumber: required(int(raw.batch_number), 'batch_number', raw),
  state: state(raw.state),
  totalAmount: required(decimalFromUpstream(raw.total_amount), 'total_amount', raw),
  totalApprovedTransactions: int(raw.total_approved_transactions) ?? 0,
  totalTransactions: int(raw.total_transactions) ?? 0,
});

export const mapTransactionBatch = (raw: RawBatch): TransactionBatch => ({
  ...counts(raw),
  startDate: toIsoDate(raw.start_date),
  endDate: toIsoDate(raw.end_date),
});

export const mapGatewayBatch = (raw: RawBatch): GatewayBatchModel => ({
  ...counts(raw),
  batchDate: toIsoDate(raw.batch_date),
  gatewayName: str(raw.gateway_name),
  description: str(raw.description),
  compensationAmount: decimalFromUpstream(raw.compensation_amount),
});
