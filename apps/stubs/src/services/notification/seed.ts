import { MINUTE_MS, iso } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import { XSS_PAYLOADS, isXssFixturePaymentId } from '../payment/seed.js';
import type { PaymentStore } from '../payment/store.js';
import { emailPayload, type SubscriptionStore } from '../subscription/store.js';
import { NotificationStore, subjectFor, type Notification } from './store.js';

/** One notification per entry of every payment's `notifications[]`. */
export function seedNotifications({ rng, stores }: SeedContext): NotificationStore {
  const payments = stores.get<PaymentStore>('payment');
  const rows: Notification[] = [];
  for (const payment of payments.all()) {
    // The XSS fixtures are seeded below, without this PRNG, so every other notification stays as it was.
    if (isXssFixturePaymentId(payment.id)) continue;
    for (const entry of payment.notifications) {
      const outcome = rng.weighted([
        ['delivered', 90],
        ['bounced', 4],
        ['sent', 6],
      ] as const);
      const created = Date.parse(entry.date);
      rows.push({
        id: entry.id,
        type: 'notification',
        channel: 'email',
        action: entry.action,
        signature: payment.collector_id,
        to: payment.payer.email ?? '',
        payload: {
          customer_name: payment.payer.name,
          payment_id: payment.id,
          amount: payment.final_amount,
          concept: payment.details[0]?.concept_description ?? null,
        },
        payment_id: payment.id,
        status: outcome,
        status_detail:
          outcome === 'delivered'
            ? 'delivered'
            : outcome === 'bounced'
              ? 'mailbox_not_found'
              : 'queued_for_delivery',
        subject: subjectFor(entry.action),
        created_date: entry.date,
        sent_date: iso(created + rng.int(1, 5) * MINUTE_MS),
        retry_count: outcome === 'bounced' ? 2 : 0,
        last_retry_date: outcome === 'bounced' ? iso(created + 30 * MINUTE_MS) : null,
      });
    }
  }
  rows.push(...subscriptionNotifications(stores.get<SubscriptionStore>('subscription')));
  rows.push(...xssNotifications(payments));
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  return new NotificationStore(rows);
}

// ---------------------------------------------------------------------------------------------------------
// XSS fixture block (docs/upstream-contract.md §7, "XSS fixtures"): the notifications of payments
// 1000090–1000097 (ids from 7900001), with payloads in the subject, status detail, addressee, customer name,
// concept and extra payload keys. Deterministic, no PRNG.
// ---------------------------------------------------------------------------------------------------------

function xssNotifications(payments: PaymentStore): Notification[] {
  const rows: Notification[] = [];
  let cursor = 7;
  const pick = (): string => XSS_PAYLOADS[cursor++ % XSS_PAYLOADS.length] ?? '';
  for (const payment of payments.all()) {
    if (!isXssFixturePaymentId(payment.id)) continue;
    payment.notifications.forEach((entry, index) => {
      const created = Date.parse(entry.date);
      const bounced = index % 2 === 1;
      rows.push({
        id: entry.id,
        type: 'notification',
        channel: 'email',
        action: entry.action,
        signature: payment.collector_id,
        to: payment.payer.email ?? '',
        payload: {
          customer_name: payment.payer.name,
          payment_id: payment.id,
          amount: payment.final_amount,
          concept: payment.details[0]?.concept_description ?? null,
          [pick()]: pick(),
          enlace: 'javascript:window.__xss=1',
        },
        payment_id: payment.id,
        status: bounced ? 'bounced' : 'delivered',
        status_detail: pick(),
        subject: pick(),
        created_date: entry.date,
        sent_date: iso(created + 2 * MINUTE_MS),
        retry_count: bounced ? 2 : 0,
        last_retry_date: bounced ? iso(created + 30 * MINUTE_MS) : null,
      });
    });
  }
  return rows;
}

/**
 * The e-mails of every subscription's `notifications[]` (ids from 7700001), delivered a minute later.
 * Deterministic, no PRNG: the payment notifications above stay as they were.
 */
function subscriptionNotifications(subscriptions: SubscriptionStore): Notification[] {
  return subscriptions.all().flatMap((subscription) =>
    subscription.notifications.map((entry): Notification => ({
      id: entry.id,
      type: 'notification',
      channel: 'email',
      action: entry.action,
      signature: subscription.collector_id,
      to: subscription.payer.email ?? '',
      payload: emailPayload(subscription),
      payment_id: null,
      status: 'delivered',
      status_detail: 'delivered',
      subject: subjectFor(entry.action),
      created_date: entry.date,
      sent_date: iso(Date.parse(entry.date) + MINUTE_MS),
      retry_count: 0,
      last_retry_date: null,
    })),
  );
}
