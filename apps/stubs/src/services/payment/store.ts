import type { Collection } from '../../lib/collection.js';
import { VersionedCollection, type VersionEntry as GenericVersionEntry } from '../../lib/versioned.js';

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

/** One version of a payment (see `VersionedCollection`). */
export type VersionEntry = GenericVersionEntry<Payment>;

export class PaymentStore extends VersionedCollection<Payment> {
  readonly holders = new Map<string, Holder[]>();
  readonly simulation = new Map<string, Simulation>();
  private lastRefundId: number;

  constructor(rows: readonly Payment[], versions: Map<string, VersionEntry[]>, lastRefundId: number) {
    super(rows, versions, { defaultSorts: [{ field: 'request_date', direction: 'desc' }] });
    this.lastRefundId = lastRefundId;
  }

  /** The list of current payments. */
  get payments(): Collection<Payment> {
    return this.documents;
  }

  /**
   * Records a notification sent about a payment (by the notification service: a reminder to another addressee
   * or "Descargar comprobantes") among the payment's notifications, without a new version, as notify-payer
   * does. False when no payment has that id.
   */
  recordNotification(paymentId: string, entry: Payment['notifications'][number]): boolean {
    if (!this.get(paymentId)) return false;
    this.touch(paymentId, (draft) => {
      draft.notifications.push(entry);
    });
    return true;
  }

  nextRefundId(): string {
    this.lastRefundId += 1;
    return String(this.lastRefundId);
  }
}
