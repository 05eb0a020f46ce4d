import type {
  Payment,
  PaymentDetailLine,
  PaymentMethod,
  PaymentPayer,
  PaymentStatus,
  PaymentType,
} from '../../generated/resolvers-types.js';
import { toIsoDate } from '../../shared/dates.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import { toDecimal } from '../../shared/decimal.js';
import { arr, int, obj, str } from '../../shared/values.js';
import { paymentMethodName } from './payment-methods.js';

/** A payment as the payment service sends it (snake_case, lowercase statuses, numeric amounts). */
export type RawPayment = Record<string, unknown>;

/** The GraphQL Payment without its lazily resolved fields. */
export type PaymentModel = Omit<Payment, 'collector'>;

const STATUSES: Record<string, PaymentStatus> = {
  pending: 'PENDING',
  issued: 'ISSUED',
  approved: 'APPROVED',
  partial: 'PARTIAL',
  rejected: 'REJECTED',
  refunded: 'REFUNDED',
  objected: 'OBJECTED',
  overdue: 'OVERDUE',
};

const TYPES: Record<string, PaymentType> = { online: 'ONLINE', qr: 'QR' };

export function mapPaymentStatus(value: unknown): PaymentStatus {
  const status = typeof value === 'string' ? STATUSES[value.toLowerCase()] : undefined;
  if (!status) throw new UpstreamContractError(`unknown payment status: ${JSON.stringify(value)}`);
  return status;
}

export const mapPaymentType = (value: unknown): PaymentType | null =>
  typeof value === 'string' ? (TYPES[value.toLowerCase()] ?? null) : null;

export function mapDetailLine(raw: unknown): PaymentDetailLine {
  const d = obj(raw) ?? {};
  return {
    conceptId: str(d.concept_id),
    conceptDescription: str(d.concept_description),
    amount: toDecimal(d.amount),
    externalReference: str(d.external_reference),
  };
}

export function mapPaymentMethod(raw: unknown): PaymentMethod {
  const m = obj(raw) ?? {};
  const mediaPaymentId = int(m.media_payment_id);
  const installments = int(m.installments);
  return {
    mediaPaymentId,
    mediaPaymentName: paymentMethodName(mediaPaymentId),
    mediaPaymentDetail: str(m.media_payment_detail),
    firstSixDigits: str(m.first_six_digits),
    lastFourDigits: str(m.last_four_digits),
    amount: toDecimal(m.amount),
    finalAmount: toDecimal(m.final_amount),
    currencyId: str(m.currency_id),
    installments: installments !== null && installments >= 1 ? installments : 1,
    type: str(m.type),
  };
}

export function mapPayer(raw: unknown): PaymentPayer | null {
  const p = obj(raw);
  if (!p) return null;
  return { id: str(p.id), name: str(p.name), email: str(p.email) };
}

function required<T>(value: T | null, field: string, id: unknown): T {
  if (value === null) throw new UpstreamContractError(`payment ${String(id)}: missing ${field}`);
  return value;
}

/** Upstream payment -> GraphQL Payment (camelCase, enums, Decimal strings, ISO dates). */
export function mapPayment(raw: RawPayment): PaymentModel {
  const details = arr(raw.details).map(mapDetailLine);
  const first = details[0];
  return {
    id: required(str(raw.id), 'id', raw.id),
    status: mapPaymentStatus(raw.status),
    statusDetail: str(raw.status_detail),
    type: mapPaymentType(raw.type),
    requestDate: required(toIsoDate(raw.request_date), 'request_date', raw.id),
    lastUpdateDate: toIsoDate(raw.last_update_date),
    dueDate: toIsoDate(raw.due_date),
    lastDueDate: toIsoDate(raw.last_due_date),
    refundedDate: toIsoDate(raw.refunded_date),
    externalTransactionId: str(raw.external_transaction_id),
    finalAmount: required(toDecimal(raw.final_amount), 'final_amount', raw.id),
    currencyId: str(raw.currency_id) ?? 'ARS',
    details,
    conceptId: first?.conceptId ?? null,
    conceptDescription: first?.conceptDescription ?? null,
    payer: mapPayer(raw.payer),
    paymentMethods: arr(raw.payment_methods).map(mapPaymentMethod),
    collectorId: required(str(raw.collector_id), 'collector_id', raw.id),
    version: int(raw.version),
    isCurrentVersion: raw.last_modified !== false,
  };
}
