/**
 * Batch service JSON -> the schema's WithdrawalBatch (camelCase, enums, Decimal strings, ISO dates). The
 * request-dependent part (actions) is added by batches.rules.ts.
 */
import type { OperationErrorModel as OperationError } from '../../shared/operation-error.js';
import { decimalFromUpstream } from '@backoffice/validators';
import type {
  WithdrawalBatch,
  WithdrawalBatchRecord,
  WithdrawalBatchStatus,
} from '../../generated/resolvers-types.js';
import { toIsoDate } from '../../shared/dates.js';
import { int, obj, str } from '../../shared/values.js';
import { operatorMessage } from '../../upstream/error-catalogue.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import type { RawBatch } from './batches.datasource.js';

/** @mapper WithdrawalBatch */
export type BatchModel = Omit<WithdrawalBatch, 'actions' | 'records' | 'error'> & {
  error: OperationError | null;
};

const STATUSES: Readonly<Record<string, WithdrawalBatchStatus>> = {
  for_withdrawing: 'FOR_WITHDRAWING',
  in_withdrawn: 'IN_WITHDRAWN',
  withdrawn: 'WITHDRAWN',
  error: 'ERROR',
};

export function mapBatchStatus(value: unknown): WithdrawalBatchStatus {
  const found = typeof value === 'string' ? STATUSES[value.toLowerCase()] : undefined;
  if (found === undefined) throw new UpstreamContractError(`unknown batch status: ${JSON.stringify(value)}`);
  return found;
}

function present<T>(value: T | null, field: string, id: unknown): T {
  if (value === null) throw new UpstreamContractError(`batch ${String(id)}: missing ${field}`);
  return value;
}

/** The last export error, in the catalogue's words (the upstream message is never shown). */
function exportError(raw: unknown): OperationError | null {
  const e = obj(raw);
  if (!e) return null;
  const code = str(e.code);
  const extendedCode = str(e.extended_code);
  return { message: operatorMessage('batch', code, extendedCode), code, extendedCode };
}

export function mapBatch(raw: RawBatch): BatchModel {
  const id = present(str(raw.id), 'id', raw.id);
  const collector = obj(raw.collector_detail);
  return {
    id,
    collectorId: present(str(raw.collector_id), 'collector_id', id),
    collectorName: str(collector?.name),
    collectorCbu: str(collector?.cbu),
    creationDate: present(toIsoDate(raw.creation_date), 'creation_date', id),
    startDate: toIsoDate(raw.start_date),
    endDate: toIsoDate(raw.end_date),
    balance: present(decimalFromUpstream(raw.balance), 'balance', id),
    recordCount: present(int(raw.record_count), 'record_count', id),
    version: present(str(raw.version), 'version', id),
    status: mapBatchStatus(raw.status),
    statusDetail: str(raw.status_detail),
    error: exportError(raw.error),
    lastUpdateDate: toIsoDate(raw.last_update_date),
    reprocessDate: toIsoDate(raw.reprocess_date),
    exportDate: toIsoDate(raw.export_date),
    exportCount: int(raw.export_count),
  };
}

export function mapBatchRecord(raw: unknown): WithdrawalBatchRecord {
  const r = obj(raw) ?? {};
  const paymentId = present(str(r.payment_id), 'record payment_id', r.payment_id);
  return {
    paymentId,
    payerName: str(r.payer_name),
    concept: str(r.concept),
    amount: present(decimalFromUpstream(r.amount), 'record amount', paymentId),
    accreditationDate: toIsoDate(r.accreditation_date),
  };
}
