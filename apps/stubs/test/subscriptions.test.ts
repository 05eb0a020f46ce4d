import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cuitFor } from '../src/lib/argentine-data.js';
import { filter, listAll, sharedClient, type Client, type Loose } from './helpers.js';

let client: Client;
let subscriptions: Loose[];
beforeAll(async () => {
  client = await sharedClient();
  subscriptions = await listAll(client, '/subscription/suscripciones');
});
beforeEach(async () => {
  await client.send('POST', '/__admin/reset');
});

const base = '/subscription/suscripciones';
const detail = async (id: string): Promise<Loose> => (await client.get(`${base}/${id}`)).body;
const act = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  client.send(method, `${base}/${path}`, body, headers);
const errorShape = (status: number, extended: string) => ({
  status,
  body: { code: expect.any(String), extended_code: extended, message: expect.any(String) },
});
const CARD = {
  number: '5175620000000604',
  expiration_month: 12,
  expiration_year: new Date().getFullYear() + 3,
  holder: { name: 'Sofía Benítez', identification: { country: 'ARG', type: 'DNI_ARG', number: '31456123' } },
};
const FIELDS = [
  'id',
  'type',
  'status',
  'status_detail',
  'amount',
  'currency_id',
  'periods',
  'detail',
  'review',
  'validation',
  'due_day',
  'created_payments',
  'recurrence',
  'notification_url',
  'back_url',
  'return_url',
  'request_date',
  'last_update_date',
  'cancel_date',
  'subscribed_date',
  'rejected_date',
  'review_validation_date',
  'payer_validation_date',
  'payer_deferred_date',
  'start_date',
  'finished_date',
  'metadata',
  'notifications',
  'source',
  'payment_method',
  'payer',
  'collector_id',
  'payments_periods',
  'version',
  'last_modified',
  'cancel_reason',
];

describe('seeded subscriptions', () => {
  it('has every type and status, every field, and some without a payment method', () => {
    expect(subscriptions.length).toBeGreaterThanOrEqual(120);
    for (const type of ['subscription', 'adhesion', 'plan'])
      expect(subscriptions.filter((row) => row.type === type).length, type).toBeGreaterThanOrEqual(10);
    for (const status of ['active', 'pending', 'cancelled'])
      expect(subscriptions.filter((row) => row.status === status).length, status).toBeGreaterThanOrEqual(10);
    for (const row of subscriptions) {
      expect(Object.keys(row).sort()).toEqual([...FIELDS].sort());
      expect(row.id).toMatch(/^\d+$/);
      expect(row.last_modified).toBe(true);
      expect(
        Number.isInteger(row.amount * 100) ||
          Math.abs(row.amount * 100 - Math.round(row.amount * 100)) < 1e-6,
      ).toBe(true);
      expect(row.cancel_reason === null).toBe(row.status !== 'cancelled');
      if (row.status === 'cancelled') expect(row.cancel_date).not.toBeNull();
      if (row.status === 'pending') expect(row.subscribed_date).toBeNull();
      expect(row.due_day).toBeGreaterThanOrEqual(1);
      expect(row.due_day).toBeLessThanOrEqual(28);
    }
    expect(subscriptions.filter((row) => row.payment_method === null).length).toBeGreaterThanOrEqual(5);
    expect(subscriptions.filter((row) => row.version >= 3).length).toBeGreaterThanOrEqual(10);
    expect(subscriptions.filter((row) => row.payments_periods.length >= 12).length).toBeGreaterThanOrEqual(3);
  });

  it('links every period to a real payment whose by_subscription points back, and every payment to a subscription', async () => {
    const ids = new Set(subscriptions.map((row) => row.id));
    const periods = subscriptions.flatMap((row) =>
      row.payments_periods.map((period: Loose) => ({ ...period, subscription: row.id })),
    );
    expect(periods.length).toBeGreaterThan(500);
    const payments = new Map(
      (await listAll(client, '/payment/pagos', [filter('by_subscription', 'LIKE', '%')])).map((payment) => [
        payment.id,
        payment,
      ]),
    );
    for (const period of periods) {
      expect(period.period).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
      expect(payments.get(period.payment_id)?.by_subscription, period.payment_id).toBe(period.subscription);
    }
    for (const payment of payments.values())
      if (/^\d+$/.test(payment.by_subscription)) expect(ids.has(payment.by_subscription)).toBe(true);
  });

  it('seeds the notifications the subscriptions reference', async () => {
    const entries = subscriptions.flatMap((row) => row.notifications).slice(0, 10);
    expect(entries).toHaveLength(10);
    for (const entry of entries) {
      const { status, body } = await client.get(`/notification/notificaciones/${entry.id}`);
      expect(status).toBe(200);
      expect(body.action).toBe(entry.action);
    }
  });

  it('keeps the documented fixtures', () => {
    const byId = new Map(subscriptions.map((row) => [row.id, row]));
    const expectations: [string, Partial<Loose>, number][] = [
      ['4000001', { type: 'subscription', status: 'active', collector_id: '10001' }, 3],
      ['4000002', { type: 'adhesion', status: 'active', collector_id: '10002' }, 4],
      ['4000003', { type: 'plan', status: 'active', collector_id: '10003' }, 5],
      ['4000004', { type: 'subscription', status: 'cancelled', collector_id: '10001' }, 3],
      ['4000005', { type: 'subscription', status: 'active', collector_id: '10004' }, 14],
      ['4000006', { type: 'subscription', status: 'pending', collector_id: '10005' }, 0],
      ['4000007', { type: 'subscription', status: 'active', payment_method: null }, 2],
      ['4000008', { type: 'adhesion', status: 'active', version: 4 }, 6],
      ['4000009', { type: 'adhesion', status: 'pending', payment_method: null }, 0],
    ];
    for (const [id, fields, periods] of expectations) {
      expect(byId.get(id), id).toMatchObject(fields);
      expect(byId.get(id)?.payments_periods, id).toHaveLength(periods);
    }
    expect(byId.get('4000001').payment_method).toMatchObject({ media_payment_id: 9 });
    expect(byId.get('4000001').payer).toEqual({ name: 'Sofía Benítez', email: 'sofia.benitez@gmail.com' });
    expect(byId.get('4000090').payer.name).toContain('Pagador XSS');
    expect(byId.get('4000090').detail.concept_description).toMatch(/__xss/);
  });
});

describe('GET /suscripciones', () => {
  it('answers {rows, page, limit, size}, newest request first by default, and pages', async () => {
    const { status, body } = await client.list(base, {});
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, limit: 10, size: subscriptions.length });
    const dates = body.rows.map((row: Loose) => row.request_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await client.list(base, { page: 2, limit: 10 });
    expect(second.body.rows[0].id).not.toBe(body.rows[0].id);
    const past = await client.list(base, { page: 1000, limit: 10 });
    expect(past.body.rows).toEqual([]);
  });

  it('filters by payer e-mail, name, collector, status, type, id, method and request date', async () => {
    const byEmail = await listAll(client, base, [filter('payer.email', 'EQUAL', 'SOFIA.BENITEZ@gmail.com')]);
    expect(byEmail.map((row) => row.id).sort()).toEqual(['4000001', '4000002', '4000008', '4000009']);
    const byName = await listAll(client, base, [filter('payer.name', 'CONTAINS', 'benitez')]);
    expect(byName.map((row) => row.id)).toEqual(expect.arrayContaining(['4000001', '4000002']));
    const combined = await listAll(client, base, [
      filter('collector_id', 'EQUAL', '10001'),
      filter('status', 'EQUAL', 'cancelled'),
      filter('type', 'EQUAL', 'subscription'),
    ]);
    expect(combined.map((row) => row.id)).toContain('4000004');
    for (const row of combined)
      expect(row).toMatchObject({ collector_id: '10001', status: 'cancelled', type: 'subscription' });
    expect((await listAll(client, base, [filter('id', 'EQUAL', '4000005')])).map((row) => row.id)).toEqual([
      '4000005',
    ]);
    const debit = await listAll(client, base, [filter('payment_method.media_payment_id', 'IN', [1, 10])]);
    expect(debit.length).toBeGreaterThan(0);
    for (const row of debit) expect([1, 10]).toContain(row.payment_method.media_payment_id);
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const recent = await listAll(client, base, [filter('request_date', 'GREATER_THAN_OR_EQUAL_TO', since)]);
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(subscriptions.length);
    for (const row of recent) expect(Date.parse(row.request_date)).toBeGreaterThanOrEqual(Date.parse(since));
  });

  it('sorts by the contract fields', async () => {
    const byAmount = await client.list(base, { sorts: 'amount:asc', limit: 50 });
    const amounts = byAmount.body.rows.map((row: Loose) => row.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    for (const field of [
      'id',
      'request_date',
      'last_update_date',
      'amount',
      'status',
      'type',
      'payer.name',
      'payer.email',
      'collector_id',
    ]) {
      for (const direction of ['asc', 'desc']) {
        const { status } = await client.list(base, { sorts: `${field}:${direction}`, limit: 5 });
        expect(status, field).toBe(200);
      }
    }
    const byName = await client.list(base, { sorts: 'payer.name:desc,id:asc', limit: 20 });
    const names = byName.body.rows.map((row: Loose) =>
      row.payer.name
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase(),
    );
    expect(names).toEqual([...names].sort().reverse());
  });

  it('rejects unknown fields with 400 invalid_filters', async () => {
    const { status, body } = await client.list(base, { filters: [filter('payer.emial', 'EQUAL', 'x')] });
    expect(status).toBe(400);
    expect(body.extended_code).toBe('invalid_filters');
  });
});

describe('GET one, history and versions', () => {
  it('answers the subscription or 404 subscription_not_found', async () => {
    expect((await client.get(`${base}/4000001`)).body).toEqual(
      subscriptions.find((row) => row.id === '4000001'),
    );
    expect(await client.get(`${base}/999`)).toMatchObject(errorShape(404, 'subscription_not_found'));
  });

  it('lists the history newest first and answers old versions as not current', async () => {
    const { status, body } = await client.get(`${base}/4000008/historial`);
    expect(status).toBe(200);
    expect(body.rows.map((row: Loose) => row.version)).toEqual([4, 3, 2, 1]);
    expect(body.rows[3]).toMatchObject({ id: '4000008', status: 'pending' });
    expect(Object.keys(body.rows[0]).sort()).toEqual(['id', 'last_update_date', 'status', 'version']);
    const first = (await client.get(`${base}/4000008/versiones/1`)).body;
    expect(first).toMatchObject({
      id: '4000008',
      version: 1,
      status: 'pending',
      last_modified: false,
      payments_periods: [],
    });
    const current = (await client.get(`${base}/4000008/versiones/4`)).body;
    expect(current).toEqual(await detail('4000008'));
    expect(await client.get(`${base}/4000008/versiones/9`)).toMatchObject(
      errorShape(404, 'version_not_found'),
    );
    expect(await client.get(`${base}/4000008/versiones/x`)).toMatchObject(errorShape(400, 'invalid_version'));
    expect(await client.get(`${base}/999/historial`)).toMatchObject(
      errorShape(404, 'subscription_not_found'),
    );
  });
});

describe('actions', () => {
  it('refrescar answers the subscription without a new version', async () => {
    const before = await detail('4000001');
    expect(await act('POST', '4000001/refrescar')).toMatchObject({ status: 200, body: before });
    expect(await act('POST', '999/refrescar')).toMatchObject(errorShape(404, 'subscription_not_found'));
  });

  it('cancelar needs a reason of 1 to 500 characters and refuses a cancelled subscription', async () => {
    expect(await act('POST', '4000001/cancelar', {})).toMatchObject(errorShape(422, 'reason_required'));
    expect(await act('POST', '4000001/cancelar', { reason: '  ' })).toMatchObject(
      errorShape(422, 'reason_required'),
    );
    expect(await act('POST', '4000001/cancelar', { reason: 'x'.repeat(501) })).toMatchObject(
      errorShape(422, 'reason_too_long'),
    );
    const before = await detail('4000001');
    for (const id of ['4000001', '4000006']) {
      const { status, body } = await act('POST', `${id}/cancelar`, { reason: 'x'.repeat(500) });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id,
        status: 'cancelled',
        status_detail: 'cancelled_by_backoffice',
        cancel_reason: 'x'.repeat(500),
      });
      expect(body.cancel_date).not.toBeNull();
      expect(body.finished_date).toBe(body.cancel_date);
      expect(body.last_update_date).toBe(body.cancel_date);
      expect(await detail(id)).toEqual(body);
    }
    const after = await detail('4000001');
    expect(after.version).toBe(before.version + 1);
    const history = (await client.get(`${base}/4000001/historial`)).body.rows;
    expect(history[0]).toMatchObject({ version: after.version, status: 'cancelled' });
    expect((await client.get(`${base}/4000001/versiones/${before.version}`)).body).toMatchObject({
      status: 'active',
      last_modified: false,
    });
    expect(await act('POST', '4000004/cancelar', { reason: 'otra vez' })).toMatchObject(
      errorShape(409, 'subscription_already_cancelled'),
    );
  });

  it('medio-de-pago (PUT) takes the payments change payload; refused when cancelled', async () => {
    const card = await act('PUT', '4000007/medio-de-pago', CARD);
    expect(card.status).toBe(200);
    expect(card.body.payment_method).toEqual({ media_payment_id: 5, last_four_digits: '0604' });
    expect(card.body.status_detail).toBe('payment_method_updated');
    const cbu = await act('PUT', '4000001/medio-de-pago', {
      number: '2850590940090418135201',
      holder: {
        name: 'Sofía Benítez',
        identification: { country: 'ARG', type: 'CUIT_ARG', number: cuitFor('20', '31456123') },
      },
    });
    expect(cbu.status, JSON.stringify(cbu.body)).toBe(200);
    expect(cbu.body.payment_method).toEqual({ media_payment_id: 1, last_four_digits: '5201' });
    expect(await act('PUT', '4000001/medio-de-pago', { ...CARD, number: '123' })).toMatchObject(
      errorShape(422, 'invalid_card_number'),
    );
    expect(await act('PUT', '4000004/medio-de-pago', CARD)).toMatchObject(
      errorShape(409, 'subscription_cancelled'),
    );
  });

  it('medio-de-pago (DELETE) needs a method and a subscription not cancelled', async () => {
    const before = await detail('4000001');
    const { status, body } = await act('DELETE', '4000001/medio-de-pago');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      payment_method: null,
      status_detail: 'payment_method_removed',
      version: before.version + 1,
    });
    expect(await act('DELETE', '4000001/medio-de-pago')).toMatchObject(
      errorShape(409, 'subscription_without_payment_method'),
    );
    expect(await act('DELETE', '4000007/medio-de-pago')).toMatchObject(
      errorShape(409, 'subscription_without_payment_method'),
    );
    expect(await act('DELETE', '4000004/medio-de-pago')).toMatchObject(
      errorShape(409, 'subscription_cancelled'),
    );
  });

  it('importe updates subscriptions and adhesions, refuses plans, cancelled ones and bad amounts', async () => {
    for (const [id, amount] of [
      ['4000001', 15000],
      ['4000002', 1234.5],
      ['4000009', 0.01],
    ] as const) {
      const before = await detail(id);
      const { status, body } = await act('PUT', `${id}/importe`, { amount });
      expect(status).toBe(200);
      expect(body).toMatchObject({ id, amount, status: before.status, version: before.version + 1 });
    }
    expect(await act('PUT', '4000003/importe', { amount: 100 })).toMatchObject(
      errorShape(409, 'amount_not_editable'),
    );
    expect(await act('PUT', '4000004/importe', { amount: 100 })).toMatchObject(
      errorShape(409, 'subscription_cancelled'),
    );
    for (const amount of [0, -5, 1.234, '100', null, undefined])
      expect(await act('PUT', '4000001/importe', { amount }), String(amount)).toMatchObject(
        errorShape(422, 'invalid_amount'),
      );
  });

  it('notificar e-mails the payer of an active or pending subscription and records it', async () => {
    for (const id of ['4000001', '4000006']) {
      const before = await detail(id);
      const { status, body } = await act('POST', `${id}/notificar`);
      expect(status).toBe(200);
      expect(body).toEqual({
        status: 'sent',
        notification: {
          id: expect.stringMatching(/^\d+$/),
          date: expect.any(String),
          type: 'email',
          action: 'subscription_reminder',
        },
      });
      const after = await detail(id);
      expect(after.notifications.at(-1)).toEqual(body.notification);
      expect(after.version).toBe(before.version + 1);
      const sent = await client.get(`/notification/notificaciones/${body.notification.id}`);
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({
        to: before.payer.email,
        signature: before.collector_id,
        action: 'subscription_reminder',
        payload: { customer_name: before.payer.name, subscription_id: id },
      });
    }
    expect(await act('POST', '4000004/notificar')).toMatchObject(
      errorShape(409, 'subscription_not_notifiable'),
    );
  });

  it('honours idempotency keys', async () => {
    const key = { 'idempotency-key': 'sus-key-1' };
    const first = await act('PUT', '4000002/importe', { amount: 999.99 }, key);
    const again = await act('PUT', '4000002/importe', { amount: 999.99 }, key);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await detail('4000002')).version).toBe(first.body.version);
    expect(await act('PUT', '4000002/importe', { amount: 5 }, key)).toMatchObject(
      errorShape(409, 'idempotency_key_reused'),
    );
  });

  it('answers forced failures first, for the chosen operation and ids only, and changes nothing', async () => {
    const set = await client.send('POST', '/__admin/failures', {
      service: 'subscription',
      operation: 'cancelar',
      ids: ['4000002'],
      extended_code: 'subscription_not_cancellable',
      message: 'No se pudo cancelar la suscripción.',
    });
    expect(set.status).toBe(200);
    const before = await detail('4000002');
    expect(
      await act('POST', '4000002/cancelar', { reason: 'baja' }, { 'idempotency-key': 'k' }),
    ).toMatchObject(errorShape(409, 'subscription_not_cancellable'));
    expect(await detail('4000002')).toEqual(before);
    expect((await act('POST', '4000001/cancelar', { reason: 'baja' })).status).toBe(200);
    expect((await act('PUT', '4000002/importe', { amount: 10 })).status).toBe(200);
    await client.send('DELETE', '/__admin/failures');
    expect(
      (await act('POST', '4000002/cancelar', { reason: 'baja' }, { 'idempotency-key': 'k' })).status,
    ).toBe(200);
    const requests = (await client.get('/__admin/requests?service=subscription')).body;
    expect(requests.filter((request: Loose) => request.path === `${base}/4000002/cancelar`)).toHaveLength(2);
  });
});
