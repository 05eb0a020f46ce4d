import { beforeAll, describe, expect, it } from 'vitest';
import { isValidCuit } from '../src/lib/argentine-data.js';
import { filter, listAll, sharedClient, startClient, type Client, type Loose } from './helpers.js';

let client: Client;
let payments: Loose[];
let collectors: Loose[];
beforeAll(async () => {
  client = await sharedClient();
  payments = await listAll(client, '/payment/pagos');
  collectors = await listAll(client, '/collector/comercios');
});

const AR_OFFSET = 3 * 3_600_000;
const startOfTodayAr = (): number => {
  const local = Date.now() - AR_OFFSET;
  return local - (local % 86_400_000) + AR_OFFSET;
};

describe('seeded data', () => {
  it('has at least 2,000 payments with every status and both types', () => {
    expect(payments.length).toBeGreaterThanOrEqual(2000);
    const counts: Record<string, number> = {};
    for (const payment of payments) counts[payment.status] = (counts[payment.status] ?? 0) + 1;
    for (const status of [
      'pending',
      'issued',
      'approved',
      'partial',
      'rejected',
      'refunded',
      'objected',
      'overdue',
    ]) {
      expect(counts[status], status).toBeGreaterThanOrEqual(10);
    }
    expect(new Set(payments.map((payment) => payment.type))).toEqual(new Set(['online', 'qr']));
  });

  it('has at least 150 payments in the current calendar month and spans six months', () => {
    const local = new Date(Date.now() - AR_OFFSET);
    const monthStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) + AR_OFFSET;
    const current = payments.filter((payment) => Date.parse(payment.request_date) >= monthStart);
    expect(current.length).toBeGreaterThanOrEqual(150);
    const oldest = Math.min(...payments.map((payment) => Date.parse(payment.request_date)));
    expect(Date.now() - oldest).toBeGreaterThan(150 * 86_400_000);
  });

  it('keeps the date rules of each status', () => {
    const today = startOfTodayAr();
    for (const payment of payments) {
      const lastDue = Date.parse(payment.last_due_date);
      if (payment.status === 'overdue') expect(lastDue).toBeLessThan(today);
      if (payment.status === 'pending' || payment.status === 'issued')
        expect(lastDue).toBeGreaterThan(Date.now());
      if (payment.status === 'refunded') {
        expect(payment.refunded_date).not.toBeNull();
        expect(payment.refunds.some((refund: Loose) => refund.status === 'approved')).toBe(true);
      }
      if (payment.status === 'partial') {
        expect(payment.payment_methods.length).toBeGreaterThan(1);
        const statuses = payment.payment_methods.map((method: Loose) => method.gateway.status);
        expect(statuses).toContain('approved');
        expect(statuses).toContain('rejected');
      }
      if (['approved', 'partial', 'refunded', 'objected'].includes(payment.status))
        expect(payment.paid_date).not.toBeNull();
      expect(Date.parse(payment.request_date)).toBeLessThanOrEqual(Date.parse(payment.last_update_date));
    }
    const rejected = payments.filter((payment) => payment.status === 'rejected');
    expect(rejected.some((payment) => Date.parse(payment.last_due_date) > Date.now())).toBe(true);
    expect(rejected.some((payment) => Date.parse(payment.last_due_date) < today)).toBe(true);
  });

  it('uses many payment methods with consistent card and token data', () => {
    const media = new Set(
      payments.flatMap((payment) => payment.payment_methods.map((m: Loose) => m.media_payment_id)),
    );
    for (const id of [9, 5, 7, 6, 2, 10, 25, 1, 94, 97, 98, 92]) expect(media.has(id), String(id)).toBe(true);
    for (const method of payments.flatMap((payment) => payment.payment_methods)) {
      if (method.media_payment_id === 92) expect(method.currency_conversion_info).not.toBeNull();
      if ([9, 5, 7, 6, 2, 10, 25].includes(method.media_payment_id)) {
        expect(method.first_six_digits).toMatch(/^\d{6}$/);
        expect(method.last_four_digits).toMatch(/^\d{4}$/);
      }
      const sum = method.amount;
      expect(sum).toBeGreaterThan(0);
    }
    expect(payments.some((payment) => payment.payment_methods.some((m: Loose) => m.installments > 1))).toBe(
      true,
    );
  });

  it('has every field of a payment and consistent amounts', () => {
    const fields = [
      'id',
      'status',
      'status_detail',
      'type',
      'request_date',
      'last_update_date',
      'due_date',
      'last_due_date',
      'process_date',
      'rejected_date',
      'cancel_date',
      'paid_date',
      'payer_deferred_date',
      'payer_validation_date',
      'accreditation_date',
      'review_validation_date',
      'refunded_date',
      'external_transaction_id',
      'final_amount',
      'details',
      'review',
      'validation',
      'notification_url',
      'back_url',
      'charge_delay',
      'rate',
      'version',
      'last_modified',
      'fee_details',
      'currency_id',
      'relateds',
      'payment_methods',
      'payer',
      'collector_id',
      'reference',
      'refunds',
      'by_subscription',
      'batch_withdrawal',
      'metadata',
      'notifications',
      'collector_notifications',
      'source',
      'presets',
    ];
    for (const payment of payments.slice(0, 300)) {
      for (const field of fields) expect(payment, field).toHaveProperty(field);
      const details = payment.details.reduce((sum: number, line: Loose) => sum + line.amount, 0);
      expect(Math.abs(details - payment.final_amount)).toBeLessThan(0.011);
      if (payment.payment_methods.length > 0) {
        const methods = payment.payment_methods.reduce((sum: number, m: Loose) => sum + m.amount, 0);
        expect(Math.abs(methods - payment.final_amount)).toBeLessThan(0.011);
      }
    }
    expect(payments.some((payment) => payment.by_subscription)).toBe(true);
    expect(payments.some((payment) => payment.batch_withdrawal)).toBe(true);
    expect(payments.some((payment) => payment.relateds.length > 0)).toBe(true);
    expect(
      payments.some((payment) => payment.presets.actions.some((a: Loose) => a.name === 'retry' && !a.active)),
    ).toBe(true);
    const requests = payments.flatMap((payment) => payment.metadata.subscription_request ?? []);
    expect(requests.some((request: Loose) => request.status_code === 200 && request.subscription_id)).toBe(
      true,
    );
    expect(requests.some((request: Loose) => request.status_code >= 400)).toBe(true);
    expect(payments.filter((payment) => payment.notification_url).length).toBeGreaterThan(
      payments.length / 2,
    );
  });

  it('references existing collectors with valid CUITs', () => {
    expect(collectors.length).toBeGreaterThanOrEqual(20);
    for (const collector of collectors) {
      expect(collector.id).toMatch(/^\d+$/);
      expect(isValidCuit(collector.cuit), collector.cuit).toBe(true);
      expect(['batch_accreditation', 'batch_approbation', 'balance', 'none']).toContain(
        collector.withdrawal_strategy,
      );
    }
    expect(collectors.some((collector) => collector.batch_version === '00004')).toBe(true);
    const ids = new Set(collectors.map((collector) => collector.id));
    for (const payment of payments) expect(ids.has(payment.collector_id), payment.collector_id).toBe(true);
  });

  it('has frequent sample payers', async () => {
    for (const email of [
      'maria.gonzalez@gmail.com',
      'juan.perez@hotmail.com',
      'lucia.fernandez@yahoo.com.ar',
    ]) {
      const { body } = await client.list('/payment/pagos', {
        filters: [filter('payer.email', 'EQUAL', email)],
      });
      expect(body.size, email).toBeGreaterThanOrEqual(25);
    }
  });

  it('seeds the notifications the payments reference', async () => {
    const ids = payments.flatMap((payment) => payment.notifications.map((n: Loose) => n.id)).slice(0, 20);
    expect(ids.length).toBe(20);
    for (const id of ids) expect((await client.get(`/notification/notificaciones/${id}`)).status).toBe(200);
  });

  it('is deterministic for a seed', async () => {
    const other = await startClient();
    try {
      const again = await listAll(other, '/payment/pagos');
      expect(again).toEqual(payments);
    } finally {
      await other.stubs.close();
    }
    const different = await startClient({ seed: 7 });
    try {
      const { body } = await different.list('/payment/pagos', { sorts: 'id:asc', limit: 200, page: 2 });
      const mine = await client.list('/payment/pagos', { sorts: 'id:asc', limit: 200, page: 2 });
      expect(body.rows).not.toEqual(mine.body.rows);
    } finally {
      await different.stubs.close();
    }
    // Two more whole stub servers, each seeding every service, and every payment listed again.
  }, 180_000);
});
