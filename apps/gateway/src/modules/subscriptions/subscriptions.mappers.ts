/**
 * Subscription service JSON -> the schema's Subscription (camelCase, enums, Decimal strings, ISO dates). Only
 * mapping: what depends on the request (collector, actions, form link) is added by subscriptions.present.ts.
 */
import { decimalFromUpstream } from '@backoffice/validators';
import type {
  PayerSubscription,
  SubscriptionHistoryRow,
  SubscriptionNotification,
  SubscriptionPaymentPeriod,
  SubscriptionStatus,
  SubscriptionType,
} from '../../generated/resolvers-types.js';
import { toIsoDate } from '../../shared/dates.js';
import { arr, int, obj, str } from '../../shared/values.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import type { RawSubscription } from './subscriptions.datasource.js';
import { CURRENCIES, enumOf } from '../../shared/codes.js';

/**
 * A mapped subscription, without the fields that depend on the request.
 * @mapper PayerSubscription
 */
export type SubscriptionModel = Omit<PayerSubscription, 'collector' | 'actions' | 'bulkActions' | 'formUrl'>;

const STATUSES: Readonly<Record<string, SubscriptionStatus>> = {
  active: 'ACTIVE',
  pending: 'PENDING',
  cancelled: 'CANCELLED',
};

const TYPES: Readonly<Record<string, SubscriptionType>> = {
  subscription: 'SUBSCRIPTION',
  adhesion: 'ADHESION',
  plan: 'PLAN',
};

/** A value of a closed upstream vocabulary, or a contract error naming what came. */
function oneOf<T>(table: Readonly<Record<string, T>>, value: unknown, what: string): T {
  const found = typeof value === 'string' ? table[value.toLowerCase()] : undefined;
  if (found === undefined)
    throw new UpstreamContractError(`unknown subscription ${what}: ${JSON.stringify(value)}`);
  return found;
}

export const mapSubscriptionStatus = (value: unknown): SubscriptionStatus => oneOf(STATUSES, value, 'status');
export const mapSubscriptionType = (value: unknown): SubscriptionType => oneOf(TYPES, value, 'type');

function present<T>(value: T | null, field: string, id: unknown): T {
  if (value === null) throw new UpstreamContractError(`subscription ${String(id)}: missing ${field}`);
  return value;
}

const flag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);

/** The dates of spec 000 §2 "Subscription detail", schema name -> upstream name (request_date is required). */
const OPTIONAL_DATES = {
  lastUpdateDate: 'last_update_date',
  cancelDate: 'cancel_date',
  subscribedDate: 'subscribed_date',
  rejectedDate: 'rejected_date',
  reviewValidationDate: 'review_validation_date',
  payerValidationDate: 'payer_validation_date',
  payerDeferredDate: 'payer_deferred_date',
  startDate: 'start_date',
  finishedDate: 'finished_date',
} as const;

type OptionalDates = { -readonly [K in keyof typeof OPTIONAL_DATES]: string | null };

const datesOf = (raw: RawSubscription): OptionalDates =>
  Object.fromEntries(
    Object.entries(OPTIONAL_DATES).map(([name, upstream]) => [name, toIsoDate(raw[upstream])]),
  ) as OptionalDates;

export function mapSubscriptionNotification(raw: unknown): SubscriptionNotification | null {
  const n = obj(raw);
  const id = str(n?.id);
  if (!n || id === null) return null;
  return { id, date: toIsoDate(n.date), type: str(n.type), action: str(n.action) };
}

/** "YYYY-MM" periods, newest first (the upstream order is not trusted); rows without a period are dropped. */
export function mapPaymentsPeriods(raw: unknown): SubscriptionPaymentPeriod[] {
  return arr(raw)
    .flatMap((item) => {
      const p = obj(item);
      const period = str(p?.period);
      return p && period ? [{ period, paymentId: str(p.payment_id) }] : [];
    })
    .sort((a, b) => (a.period < b.period ? 1 : a.period > b.period ? -1 : 0));
}

function nullable<T>(raw: unknown, map: (o: Record<string, unknown>) => T): T | null {
  const o = obj(raw);
  return o ? map(o) : null;
}

/** Upstream subscription -> schema Subscription without the request-dependent fields. */
export function mapSubscription(raw: RawSubscription): SubscriptionModel {
  const id = present(str(raw.id), 'id', raw.id);
  return {
    id,
    amount: present(decimalFromUpstream(raw.amount), 'amount', id),
    currencyId: enumOf(CURRENCIES, raw.currency_id, 'currency') ?? 'ARS',
    type: mapSubscriptionType(raw.type),
    status: mapSubscriptionStatus(raw.status),
    statusDetail: str(raw.status_detail),
    periods: int(raw.periods),
    detail: nullable(raw.detail, (d) => ({
      conceptId: str(d.concept_id),
      conceptDescription: str(d.concept_description),
      externalReference: str(d.external_reference),
    })),
    review: flag(raw.review),
    validation: flag(raw.validation),
    dueDay: int(raw.due_day),
    createdPayments: int(raw.created_payments),
    recurrence: str(raw.recurrence),
    notificationUrl: str(raw.notification_url),
    backUrl: str(raw.back_url),
    returnUrl: str(raw.return_url),
    requestDate: present(toIsoDate(raw.request_date), 'request_date', id),
    ...datesOf(raw),
    cancelReason: str(raw.cancel_reason),
    metadata: Object.entries(obj(raw.metadata) ?? {}).map(([key, value]) => ({ key, value })),
    notifications: arr(raw.notifications).flatMap((n) => mapSubscriptionNotification(n) ?? []),
    source: nullable(raw.source, (s) => ({ id: str(s.id), name: str(s.name), type: str(s.type) })),
    paymentMethod: nullable(raw.payment_method, (m) => {
      const mediaPaymentId = int(m.media_payment_id);
      return mediaPaymentId === null ? null : { mediaPaymentId, lastFourDigits: str(m.last_four_digits) };
    }),
    payer: nullable(raw.payer, (p) => ({ name: str(p.name), email: str(p.email) })),
    collectorId: present(str(raw.collector_id), 'collector_id', id),
    paymentsPeriods: mapPaymentsPeriods(raw.payments_periods),
    version: int(raw.version),
    isCurrentVersion: raw.last_modified !== false,
  };
}

/** A row of GET /historial: {version, last_update_date, id, status}. */
export function mapSubscriptionHistoryRow(raw: unknown): SubscriptionHistoryRow {
  const row = obj(raw) ?? {};
  const id = present(str(row.id), 'history id', row.id);
  const version = present(int(row.version), 'history version', id);
  return {
    id,
    version,
    status: mapSubscriptionStatus(row.status),
    lastUpdateDate: toIsoDate(row.last_update_date),
  };
}
