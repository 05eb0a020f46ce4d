import { Collection } from '../../lib/collection.js';

export type PaymentStatus =
  'pending' | 'issued' | 'approved' | 'partial' | 'rejected' | 'refunded' | 'objected' | 'overdue';

export const PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'pending',
  'issued',
  'approved',
  'partial',
  'rejected',
  'refunded',
  'objected',
  'overdue',
];

export interface MethodGateway {
  batch_number: string | null;
  ticket_number: string | null;
  transaction_id: string | null;
  status: string;
  status_detail: string;
  ppt_owner: string;
}

export interface CurrencyConversionInfo {
  conversion_factor: number;
  original_currency: string;
  destination_currency: string;
  original_amount: number;
  converted_amount: number;
}

export interface PaymentMethod {
  media_payment_id: number;
  media_payment_detail: string;
  coupon_number: string | null;
  first_six_digits: string | null;
  last_four_digits: string | null;
  expiration_month: number | null;
  expiration_year: number | null;
  promotion_id: string | null;
  amount: number;
  final_amount: number;
  currency_id: string;
  installments: number;
  authorization_code: string | null;
  /** online (cards, tokens), qr, debit (CBU), transfer, offline (cash coupons). */
  type: string;
  currency_conversion_info: CurrencyConversionInfo | null;
  gateway: MethodGateway;
}

export interface Refund {
  id: string;
  status: 'approved' | 'rejected';
  status_detail: string;
  /** total or partial. */
  type: string;
  amount: number;
  currency_id: string;
  transaction_id: string | null;
  external_reference: string | null;
  reason: string;
  authorization_code: string | null;
  gateway: { ticket_number: string | null; batch_number: string | null };
  cost_amount: number;
  request_date: string;
  process_date: string;
  rejected_date: string | null;
  approved_date: string | null;
  last_update_date: string;
  /** Index of the payment method refunded (partial refunds only). */
  payment_method_id?: number;
}

export interface PaymentPayer {
  id: string;
  name: string;
  email: string | null;
  identification: { type: string; number: string; country: string };
}

export interface SubscriptionRequest {
  status_code: number;
  subscription_id: string | null;
  message: string | null;
  date: string;
}

export interface Payment {
  id: string;
  status: PaymentStatus;
  status_detail: string;
  type: 'online' | 'qr';
  request_date: string;
  last_update_date: string;
  due_date: string | null;
  last_due_date: string | null;
  process_date: string | null;
  rejected_date: string | null;
  cancel_date: string | null;
  paid_date: string | null;
  payer_deferred_date: string | null;
  payer_validation_date: string | null;
  accreditation_date: string | null;
  review_validation_date: string | null;
  refunded_date: string | null;
  external_transaction_id: string;
  final_amount: number;
  details: { concept_id: string; concept_description: string; amount: number; external_reference: string }[];
  review: boolean;
  validation: boolean;
  notification_url: string | null;
  back_url: string | null;
  charge_delay: number;
  rate: number;
  version: number;
  last_modified: boolean;
  fee_details: { type: string; description: string; rate: number; amount: number }[];
  currency_id: string;
  relateds: { type: string; paymentId: string }[];
  payment_methods: PaymentMethod[];
  payer: PaymentPayer;
  collector_id: string;
  reference: string;
  refunds: Refund[];
  by_subscription: string | null;
  batch_withdrawal: {
    id: string;
    collector_id: string;
    status: string;
    version: string;
    creation_date: string;
  } | null;
  metadata: { subscription_request?: SubscriptionRequest[]; [key: string]: unknown };
  notifications: { id: string; date: string; type: string; action: string }[];
  collector_notifications: {
    url: string;
    response: string;
    status: string;
    status_detail: string;
    retry_count: number;
    original_request: string;
    last_retry: string;
  }[];
  source: { id: string; name: string; type: string };
  presets: { actions: { name: string; active: boolean }[] };
}

export interface Holder {
  holder_name: string;
  holder_id: string;
}

/** Hidden behaviour of the simulated gateway for one payment (never serialized). */
export interface Simulation {
  /** Refunds and reversals of this payment are rejected with this status_detail. */
  refundRejection?: string;
  /** Partial refunds of these method indexes are rejected with the given status_detail. */
  failingMethods?: Record<number, string>;
  /** What "actualizar-gateway" finds for a pending payment. */
  gatewayOutcome?: { status: 'approved' | 'rejected'; status_detail: string };
}

export interface VersionEntry {
  version: number;
  status: PaymentStatus;
  last_update_date: string;
  /** The payment as it was in this version (last_modified still as stored). */
  materialize(): Payment;
}

export interface HistoryRow {
  version: number;
  last_update_date: string;
  id: string;
  status: PaymentStatus;
}

export class PaymentStore {
  readonly payments: Collection<Payment>;
  private readonly versions = new Map<string, VersionEntry[]>();
  readonly holders = new Map<string, Holder[]>();
  readonly simulation = new Map<string, Simulation>();
  private lastRefundId: number;

  constructor(rows: readonly Payment[], versions: Map<string, VersionEntry[]>, lastRefundId: number) {
    this.payments = new Collection(rows, { defaultSorts: [{ field: 'request_date', direction: 'desc' }] });
    for (const [id, entries] of versions) this.versions.set(id, entries);
    this.lastRefundId = lastRefundId;
  }

  get(id: string): Payment | undefined {
    return this.payments.get(id);
  }

  all(): readonly Payment[] {
    return this.payments.all();
  }

  nextRefundId(): string {
    this.lastRefundId += 1;
    return String(this.lastRefundId);
  }

  /** Newest first. */
  history(id: string): HistoryRow[] {
    const entries = this.versions.get(id) ?? [];
    return entries
      .map((entry) => ({
        version: entry.version,
        last_update_date: entry.last_update_date,
        id,
        status: entry.status,
      }))
      .reverse();
  }

  version(id: string, version: number): Payment | undefined {
    const current = this.get(id);
    if (!current) return undefined;
    if (current.version === version) return current;
    const entry = this.versions.get(id)?.find((candidate) => candidate.version === version);
    if (!entry) return undefined;
    return { ...entry.materialize(), version, last_modified: false };
  }

  /**
   * Applies a change as a new version: the previous one stays retrievable, `version` grows by one,
   * `last_update_date` becomes `now`.
   */
  change(id: string, now: string, mutate: (draft: Payment) => void): Payment {
    const current = this.get(id);
    if (!current) throw new Error(`Payment ${id} does not exist`);
    const draft = structuredClone(current);
    mutate(draft);
    draft.version = current.version + 1;
    draft.last_modified = true;
    draft.last_update_date = now;
    this.payments.put(draft);
    const entries = this.versions.get(id) ?? [];
    const snapshot = draft;
    entries.push({
      version: draft.version,
      status: draft.status,
      last_update_date: now,
      materialize: () => snapshot,
    });
    this.versions.set(id, entries);
    return draft;
  }

  /** A change that does not make a new version (notification bookkeeping). */
  touch(id: string, mutate: (draft: Payment) => void): Payment {
    const current = this.get(id);
    if (!current) throw new Error(`Payment ${id} does not exist`);
    const draft = structuredClone(current);
    mutate(draft);
    this.payments.put(draft);
    const entries = this.versions.get(id);
    const last = entries?.[entries.length - 1];
    if (entries && last && last.version === draft.version) {
      entries[entries.length - 1] = { ...last, materialize: () => draft };
    }
    return draft;
  }
}
