import type {
  CollectorNotification,
  CurrencyConversionInfo,
  Payment,
  PaymentBatchWithdrawal,
  PaymentCardHolder,
  PaymentDetailLine,
  PaymentFee,
  PaymentHistoryRow,
  PaymentMetadataEntry,
  PaymentMethod,
  PaymentMethodGateway,
  PaymentMethodType,
  PaymentNotification,
  PaymentPayer,
  PaymentPresets,
  PaymentSource,
  PaymentStatus,
  PaymentType,
  Refund,
  RefundStatus,
  RefundType,
  RelatedPayment,
} from '../../generated/resolvers-types.js';
import { toIsoDate } from '../../shared/dates.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import { decimalFromUpstream } from '@backoffice/validators';
import { arr, int, obj, str } from '../../shared/values.js';
import { paymentMethodName, TOKEN_MEDIA_PAYMENT_ID } from './payment-methods.js';
import { refundStatusDetailText, subscriptionRequestMessage } from './status-texts.js';
import { CURRENCIES, enumOf } from '../../shared/codes.js';

/** A payment as the payment service sends it (snake_case, lowercase statuses, numeric amounts). */
export type RawPayment = Record<string, unknown>;

/**
 * The GraphQL Payment as mapped from the upstream, without what depends on the request:
 * `collector` (DataLoader), `actions` (the user's permissions, now) and `checkoutUrl` (config).
 * @mapper Payment
 */
export type PaymentModel = Omit<Payment, 'collector' | 'actions' | 'checkoutUrl' | 'paymentMethods'> & {
  paymentMethods: PaymentMethodModel[];
};

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

const METHOD_TYPES: Record<string, PaymentMethodType> = {
  online: 'ONLINE',
  qr: 'QR',
  debit: 'DEBIT',
  transfer: 'TRANSFER',
  offline: 'OFFLINE',
};

const REFUND_TYPES: Record<string, RefundType> = { total: 'TOTAL', partial: 'PARTIAL', reversal: 'REVERSAL' };

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
    amount: decimalFromUpstream(d.amount),
    externalReference: str(d.external_reference),
  };
}

/** Spec 000 §2: the card holder defaults to "deconocido" (spelled as the spec spells it). */
export const UNKNOWN_HOLDER = 'deconocido';

/** First six digits, masked middle, last four: "450799******1234". Null without any card digits. */
export function maskCard(firstSix: string | null, lastFour: string | null): string | null {
  if (!firstSix && !lastFour) return null;
  return `${firstSix ?? ''}******${lastFour ?? ''}`;
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

export function mapCurrencyConversion(raw: unknown): CurrencyConversionInfo | null {
  const c = obj(raw);
  if (!c) return null;
  return {
    conversionFactor: num(c.conversion_factor),
    originalCurrency: enumOf(CURRENCIES, c.original_currency, 'currency'),
    destinationCurrency: enumOf(CURRENCIES, c.destination_currency, 'currency'),
    originalAmount: decimalFromUpstream(c.original_amount),
    convertedAmount: decimalFromUpstream(c.converted_amount),
  };
}

export function mapMethodGateway(raw: unknown): PaymentMethodGateway | null {
  const g = obj(raw);
  if (!g) return null;
  return {
    batchNumber: str(g.batch_number),
    ticketNumber: str(g.ticket_number),
    transactionId: str(g.transaction_id),
    status: str(g.status),
    statusDetail: str(g.status_detail),
    pptOwner: str(g.ppt_owner),
  };
}

/**
 * A payment method. `paymentId` (not in the schema) lets PaymentMethod.holderName find the holders of
 * its payment; holderName starts as the spec's default and is resolved lazily for users with PAYMENT_HOLDER.
 * `upstreamType` (not in the schema either): the service's own code of `type`, what a partial refund sends back
 * (an unknown one is OTHER in the schema).
 */
export type PaymentMethodModel = PaymentMethod & { paymentId?: string; upstreamType?: string | null };

export function mapPaymentMethod(raw: unknown, index = 0, paymentId?: string): PaymentMethodModel {
  const m = obj(raw) ?? {};
  const mediaPaymentId = int(m.media_payment_id);
  const installments = int(m.installments);
  const firstSixDigits = str(m.first_six_digits);
  const lastFourDigits = str(m.last_four_digits);
  const method: PaymentMethodModel = {
    index,
    mediaPaymentId,
    mediaPaymentName: paymentMethodName(mediaPaymentId),
    mediaPaymentDetail: str(m.media_payment_detail),
    couponNumber: str(m.coupon_number),
    firstSixDigits,
    lastFourDigits,
    cardMasked: firstSixDigits ? maskCard(firstSixDigits, lastFourDigits) : null,
    expirationMonth: int(m.expiration_month),
    expirationYear: int(m.expiration_year),
    promotionId: str(m.promotion_id),
    amount: decimalFromUpstream(m.amount),
    finalAmount: decimalFromUpstream(m.final_amount),
    currencyId: enumOf(CURRENCIES, m.currency_id, 'currency'),
    installments: installments !== null && installments >= 1 ? installments : 1,
    authorizationCode: str(m.authorization_code),
    type: enumOf(METHOD_TYPES, m.type, 'payment method type'),
    isToken: mediaPaymentId === TOKEN_MEDIA_PAYMENT_ID,
    currencyConversionInfo: mapCurrencyConversion(m.currency_conversion_info),
    gateway: mapMethodGateway(m.gateway),
    holderName: UNKNOWN_HOLDER,
  };
  if (paymentId !== undefined) Object.defineProperty(method, 'paymentId', { value: paymentId });
  Object.defineProperty(method, 'upstreamType', { value: str(m.type) });
  return method;
}

export function mapPayer(raw: unknown): PaymentPayer | null {
  const p = obj(raw);
  if (!p) return null;
  const identification = obj(p.identification);
  return {
    id: str(p.id),
    name: str(p.name),
    email: str(p.email),
    identification: identification
      ? {
          type: str(identification.type),
          number: str(identification.number),
          country: str(identification.country),
        }
      : null,
  };
}

const REFUND_STATUSES: Record<string, RefundStatus> = { approved: 'APPROVED', rejected: 'REJECTED' };

export function mapRefund(raw: unknown): Refund {
  const r = obj(raw) ?? {};
  const status = typeof r.status === 'string' ? REFUND_STATUSES[r.status.toLowerCase()] : undefined;
  if (!status) throw new UpstreamContractError(`unknown refund status: ${JSON.stringify(r.status)}`);
  const statusDetail = str(r.status_detail);
  const gateway = obj(r.gateway);
  return {
    id: required(str(r.id), 'refund id', r.id),
    status,
    statusDetail,
    statusDetailMessage: refundStatusDetailText(statusDetail),
    type: enumOf(REFUND_TYPES, r.type, 'refund type'),
    amount: decimalFromUpstream(r.amount),
    currencyId: enumOf(CURRENCIES, r.currency_id, 'currency'),
    transactionId: str(r.transaction_id),
    externalReference: str(r.external_reference),
    reason: str(r.reason),
    authorizationCode: str(r.authorization_code),
    gateway: gateway
      ? { ticketNumber: str(gateway.ticket_number), batchNumber: str(gateway.batch_number) }
      : null,
    costAmount: decimalFromUpstream(r.cost_amount),
    requestDate: toIsoDate(r.request_date),
    processDate: toIsoDate(r.process_date),
    rejectedDate: toIsoDate(r.rejected_date),
    approvedDate: toIsoDate(r.approved_date),
    lastUpdateDate: toIsoDate(r.last_update_date),
    paymentMethodIndex: int(r.payment_method_id),
  };
}

export function mapFee(raw: unknown): PaymentFee {
  const f = obj(raw) ?? {};
  return {
    type: str(f.type),
    description: str(f.description),
    rate: num(f.rate),
    amount: decimalFromUpstream(f.amount),
  };
}

export function mapBatchWithdrawal(raw: unknown): PaymentBatchWithdrawal | null {
  const b = obj(raw);
  if (!b) return null;
  const id = str(b.id);
  if (id === null) return null;
  return {
    id,
    collectorId: str(b.collector_id),
    status: str(b.status),
    version: int(b.version),
    creationDate: toIsoDate(b.creation_date),
  };
}

export const SUBSCRIPTION_REQUEST_KEY = 'subscription_request';

/**
 * metadata -> "Información adicional" entries: one per key with its JSON value, except subscription_request
 * whose array becomes one entry per element (status code, subscription id, Spanish message, link rule).
 */
export function mapMetadata(raw: unknown): PaymentMetadataEntry[] {
  const metadata = obj(raw);
  if (!metadata) return [];
  const entries: PaymentMetadataEntry[] = [];
  for (const key of Object.keys(metadata)) {
    const value = metadata[key];
    if (key === SUBSCRIPTION_REQUEST_KEY && Array.isArray(value)) {
      for (const item of value) {
        const e = obj(item) ?? {};
        const statusCode = int(e.status_code);
        const subscriptionId = str(e.subscription_id);
        entries.push({
          key,
          value: item,
          statusCode,
          subscriptionId,
          message: subscriptionRequestMessage(statusCode, str(e.message)),
          linksToSubscription: statusCode === 200 && subscriptionId !== null,
          date: toIsoDate(e.date),
        });
      }
      continue;
    }
    entries.push({
      key,
      value,
      statusCode: null,
      subscriptionId: null,
      message: null,
      linksToSubscription: false,
      date: null,
    });
  }
  return entries;
}

export function mapPaymentNotification(raw: unknown): PaymentNotification | null {
  const n = obj(raw);
  const id = n ? str(n.id) : null;
  if (!n || id === null) return null;
  return { id, date: toIsoDate(n.date), type: str(n.type), action: str(n.action) };
}

export function mapCollectorNotification(raw: unknown): CollectorNotification {
  const n = obj(raw) ?? {};
  return {
    url: str(n.url),
    response: str(n.response),
    status: str(n.status),
    statusDetail: str(n.status_detail),
    retryCount: int(n.retry_count),
    originalRequest: str(n.original_request),
    lastRetry: toIsoDate(n.last_retry),
  };
}

function mapSource(raw: unknown): PaymentSource | null {
  const s = obj(raw);
  if (!s) return null;
  return { id: str(s.id), name: str(s.name), type: str(s.type) };
}

function mapPresets(raw: unknown): PaymentPresets | null {
  const p = obj(raw);
  if (!p) return null;
  // Loops, not flatMap: this runs for every row of a list (flatMap cost a sixth of mapping a page).
  const actions: PaymentPresets['actions'] = [];
  for (const a of arr(p.actions)) {
    const action = obj(a);
    const name = action ? str(action.name) : null;
    if (action && name !== null) actions.push({ name, active: action.active !== false });
  }
  return { actions };
}

function mapRelateds(raw: unknown): RelatedPayment[] {
  const relateds: RelatedPayment[] = [];
  for (const item of arr(raw)) {
    const r = obj(item);
    const paymentId = r ? str(r.paymentId ?? r.payment_id) : null;
    if (r && paymentId !== null) relateds.push({ type: str(r.type), paymentId });
  }
  return relateds;
}

function mapPaymentNotifications(raw: unknown): PaymentNotification[] {
  const notifications: PaymentNotification[] = [];
  for (const item of arr(raw)) {
    const notification = mapPaymentNotification(item);
    if (notification) notifications.push(notification);
  }
  return notifications;
}

export function mapHistoryRow(raw: unknown): PaymentHistoryRow {
  const h = obj(raw) ?? {};
  return {
    version: required(int(h.version), 'history version', h.id),
    lastUpdateDate: toIsoDate(h.last_update_date),
    id: required(str(h.id), 'history id', h.id),
    status: mapPaymentStatus(h.status),
  };
}

export function mapCardHolder(raw: unknown): PaymentCardHolder | null {
  const h = obj(raw);
  const name = h ? str(h.holder_name) : null;
  if (!h || !name) return null;
  return { holderName: name, holderId: str(h.holder_id) };
}

function required<T>(value: T | null, field: string, id: unknown): T {
  if (value === null) throw new UpstreamContractError(`payment ${String(id)}: missing ${field}`);
  return value;
}

/** Upstream payment -> GraphQL Payment (camelCase, enums, Decimal strings, ISO dates), without the lazy fields. */
export function mapPayment(raw: RawPayment): PaymentModel {
  const details = arr(raw.details).map(mapDetailLine);
  const first = details[0];
  const id = required(str(raw.id), 'id', raw.id);
  return {
    id,
    status: mapPaymentStatus(raw.status),
    statusDetail: str(raw.status_detail),
    type: mapPaymentType(raw.type),
    requestDate: required(toIsoDate(raw.request_date), 'request_date', raw.id),
    lastUpdateDate: toIsoDate(raw.last_update_date),
    dueDate: toIsoDate(raw.due_date),
    lastDueDate: toIsoDate(raw.last_due_date),
    processDate: toIsoDate(raw.process_date),
    rejectedDate: toIsoDate(raw.rejected_date),
    cancelDate: toIsoDate(raw.cancel_date),
    paidDate: toIsoDate(raw.paid_date),
    payerDeferredDate: toIsoDate(raw.payer_deferred_date),
    payerValidationDate: toIsoDate(raw.payer_validation_date),
    accreditationDate: toIsoDate(raw.accreditation_date),
    reviewValidationDate: toIsoDate(raw.review_validation_date),
    refundedDate: toIsoDate(raw.refunded_date),
    externalTransactionId: str(raw.external_transaction_id),
    finalAmount: required(decimalFromUpstream(raw.final_amount), 'final_amount', raw.id),
    currencyId: enumOf(CURRENCIES, raw.currency_id, 'currency') ?? 'ARS',
    details,
    conceptId: first?.conceptId ?? null,
    conceptDescription: first?.conceptDescription ?? null,
    review: bool(raw.review),
    validation: bool(raw.validation),
    notificationUrl: str(raw.notification_url),
    backUrl: str(raw.back_url),
    chargeDelay: decimalFromUpstream(raw.charge_delay),
    rate: num(raw.rate),
    reference: str(raw.reference),
    payer: mapPayer(raw.payer),
    paymentMethods: arr(raw.payment_methods).map((m, i) => mapPaymentMethod(m, i, id)),
    collectorId: required(str(raw.collector_id), 'collector_id', raw.id),
    version: int(raw.version),
    isCurrentVersion: raw.last_modified !== false,
    feeDetails: Array.isArray(raw.fee_details) ? raw.fee_details.map(mapFee) : null,
    relateds: mapRelateds(raw.relateds),
    refunds: arr(raw.refunds).map(mapRefund),
    subscriptionId: str(raw.by_subscription),
    batchWithdrawal: mapBatchWithdrawal(raw.batch_withdrawal),
    metadata: mapMetadata(raw.metadata),
    notifications: mapPaymentNotifications(raw.notifications),
    collectorNotifications: arr(raw.collector_notifications).map(mapCollectorNotification),
    source: mapSource(raw.source),
    presets: mapPresets(raw.presets),
  };
}
