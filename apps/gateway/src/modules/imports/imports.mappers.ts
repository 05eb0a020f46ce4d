import { decimalFromUpstream } from '@backoffice/validators';
import type {
  ConverterConfiguration,
  ImportRequestRow,
  ImportRowStatus,
  PaymentImport,
} from '../../generated/resolvers-types.js';
import { toIsoDate } from '../../shared/dates.js';
import { arr, int, str } from '../../shared/values.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import type { RawImport, RawImportRow } from './imports.datasource.js';

/** @mapper PaymentImport */
export type ImportModel = Omit<PaymentImport, 'actions' | 'collector'>;

/** pending_approved -> pending-approved (spec 001 §4: the status style class). */
export const statusClassOf = (status: string): string => status.toLowerCase().replaceAll('_', '-');

const amount = (value: unknown, what: string): string => {
  const decimal = decimalFromUpstream(value ?? 0);
  if (decimal === null) throw new UpstreamContractError(`import: unreadable ${what}`);
  return decimal;
};

export function mapImport(raw: RawImport): ImportModel {
  const id = str(raw.import_id) ?? str(raw.id);
  const status = str(raw.status);
  const collectorId = str(raw.collector_id);
  if (!id || !status || !collectorId)
    throw new UpstreamContractError(`import: unreadable import ${String(raw.id)}`);
  return {
    id,
    status,
    statusClass: statusClassOf(status),
    statusDetail: str(raw.status_detail),
    fileName: str(raw.file_name),
    issuedAmount: amount(raw.issued_amount, 'issued_amount'),
    pendingAmount: amount(raw.pending_amount, 'pending_amount'),
    totalAmount: amount(raw.total_amount, 'total_amount'),
    requestCount: int(raw.request_count) ?? 0,
    issuedCount: int(raw.issued_count) ?? 0,
    pendingCount: int(raw.pending_count) ?? 0,
    errorCount: int(raw.error_count) ?? 0,
    requestDate: toIsoDate(raw.request_date),
    processDate: toIsoDate(raw.process_date),
    approvedDate: toIsoDate(raw.approved_date),
    cancelDate: toIsoDate(raw.cancel_date),
    collectorId,
    matchConcept: raw.match_concept === true,
    matchPayer: raw.match_payer === true,
    matchIdentification: raw.match_identification === true,
  };
}

const ROW_STATUSES: Readonly<Record<string, ImportRowStatus>> = {
  error: 'ERROR',
  pending: 'PENDING',
  issued: 'ISSUED',
};

export function mapImportRow(raw: RawImportRow): ImportRequestRow {
  const index = int(raw.index);
  const status = ROW_STATUSES[str(raw.status)?.toLowerCase() ?? ''];
  if (index === null || !status)
    throw new UpstreamContractError(`import: unreadable row ${String(raw.index)}`);
  return {
    index,
    externalTransactionId: str(raw.external_transaction_id),
    conceptId: str(raw.concept_id),
    conceptDescription: str(raw.concept_description),
    amount: raw.amount === null || raw.amount === undefined ? null : decimalFromUpstream(raw.amount),
    payerEmail: str(raw.payer_email),
    payerName: str(raw.payer_name),
    payerDocument: str(raw.payer_document),
    status,
    statusCode: int(raw.status_code),
    statusDetail: str(raw.status_detail),
    errors: arr(raw.errors).filter((e): e is string => typeof e === 'string'),
    paymentId: str(raw.payment_id),
  };
}

export function mapConfiguration(raw: Record<string, unknown>): ConverterConfiguration {
  const id = str(raw.id);
  const name = str(raw.name);
  if (!id || !name) throw new UpstreamContractError('converter: unreadable configuration');
  return { id, name, description: str(raw.description) };
}
