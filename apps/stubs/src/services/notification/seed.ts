import { MINUTE_MS, iso } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import type { PaymentStore } from '../payment/store.js';
import { NotificationStore, subjectFor, type Notification } from './store.js';

/** One notification per entry of every payment's `notifications[]`. */
export function seedNotifications({ rng, stores }: SeedContext): NotificationStore {
  const payments = stores.get<PaymentStore>('payment');
  const rows: Notification[] = [];
  for (const payment of payments.all()) {
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
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  return new NotificationStore(rows);
}
