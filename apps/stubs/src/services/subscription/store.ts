import type { NewNotification, NotificationEntry } from '../notification/store.js';
import { VersionedCollection, type VersionEntry } from '../../lib/versioned.js';

export type SubscriptionType = 'subscription' | 'adhesion' | 'plan';
export type SubscriptionStatus = 'active' | 'pending' | 'cancelled';

export const SUBSCRIPTION_TYPES: readonly SubscriptionType[] = ['subscription', 'adhesion', 'plan'];
export const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['active', 'pending', 'cancelled'];

export interface SubscriptionPaymentMethod {
  media_payment_id: number;
  last_four_digits: string | null;
}

/** A subscription (spec 000 §3; docs/upstream-contract.md "Subscription service"). */
export interface Subscription {
  id: string;
  type: SubscriptionType;
  status: SubscriptionStatus;
  status_detail: string;
  amount: number;
  currency_id: string;
  /** How many monthly periods it runs for (a plan's length; the agreed term of the others). */
  periods: number;
  detail: { concept_id: string; concept_description: string; external_reference: string };
  review: boolean;
  validation: boolean;
  /** Day of the month the debit is made (1-28). */
  due_day: number;
  /** How many payments it has generated so far. */
  created_payments: number;
  /** `monthly`, `bimonthly`... */
  recurrence: string;
  notification_url: string | null;
  back_url: string | null;
  return_url: string | null;
  request_date: string;
  last_update_date: string;
  cancel_date: string | null;
  subscribed_date: string | null;
  rejected_date: string | null;
  review_validation_date: string | null;
  payer_validation_date: string | null;
  payer_deferred_date: string | null;
  start_date: string | null;
  finished_date: string | null;
  metadata: Record<string, unknown>;
  notifications: NotificationEntry[];
  source: { id: string; name: string; type: string };
  payment_method: SubscriptionPaymentMethod | null;
  payer: { name: string; email: string | null };
  collector_id: string;
  /** One per month with a payment, oldest first: `{period: "YYYY-MM", payment_id}`. */
  payments_periods: { period: string; payment_id: string }[];
  version: number;
  last_modified: boolean;
  cancel_reason: string | null;
}

/** The payload of an e-mail about a subscription (notification service). */
export const emailPayload = (subscription: Subscription): NewNotification['payload'] => ({
  customer_name: subscription.payer.name,
  subscription_id: subscription.id,
  amount: subscription.amount,
  concept: subscription.detail.concept_description,
});

export type SubscriptionVersion = VersionEntry<Subscription>;

export class SubscriptionStore extends VersionedCollection<Subscription> {
  constructor(rows: readonly Subscription[], versions: Map<string, SubscriptionVersion[]>) {
    super(rows, versions, {
      defaultSorts: [{ field: 'request_date', direction: 'desc' }],
      extraPaths: ['payment_method.media_payment_id', 'payment_method.last_four_digits', 'cancel_reason'],
    });
  }
}
