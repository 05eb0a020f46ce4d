import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { filter, sharedClient, type Client, type Loose } from './helpers.js';

let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});
beforeEach(async () => {
  await client.send('POST', '/__admin/reset');
});

const post = (path: string, body?: unknown, headers?: Record<string, string>) =>
  client.send('POST', `/payment/pagos/${path}`, body, headers);
const detail = async (id: string) => (await client.get(`/payment/pagos/${id}`)).body;
const errorShape = (extended: string, code?: string) => ({
  code: code ?? expect.any(String),
  extended_code: extended,
  message: expect.any(String),
});

describe('cancel', () => {
  it('cancels pending and issued payments as rejected / cancelled_by_backoffice with a new version', async () => {
    for (const id of ['1000005', '1000006']) {
      const before = await detail(id);
      const { status, body } = await post(`${id}/cancelar`, { reason: 'Pedido del pagador' });
      expect(status).toBe(200);
      expect(body).toMatchObject({ id, status: 'rejected', status_detail: 'cancelled_by_backoffice' });
      expect(body.version).toBe(before.version + 1);
      expect(body.cancel_date).not.toBeNull();
      expect(body.presets.actions).toContainEqual({ name: 'retry', active: false });
      expect(await detail(id)).toEqual(body);
    }
  });

  it('refuses other statuses with 409 payment_not_cancellable and an empty reason with 422', async () => {
    const approved = await post('1000001/cancelar', { reason: 'x' });
    expect(approved.status).toBe(409);
    expect(approved.body).toEqual(errorShape('payment_not_cancellable', 'invalid_status'));
    const noReason = await post('1000005/cancelar', { reason: '  ' });
    expect(noReason.status).toBe(422);
    expect(noReason.body).toEqual(errorShape('reason_required', 'validation_error'));
    const missing = await post('999/cancelar', { reason: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(errorShape('payment_not_found', 'not_found'));
  });
});

describe('history and versions', () => {
  it('lists versions newest first and keeps each one retrievable', async () => {
    await post('1000005/cancelar', { reason: 'Duplicado' });
    const { body } = await client.get('/payment/pagos/1000005/historial');
    expect(body.rows.map((row: Loose) => row.version)).toEqual([2, 1]);
    expect(body.rows[0]).toEqual({
      version: 2,
      last_update_date: expect.any(String),
      id: '1000005',
      status: 'rejected',
    });
    expect(body.rows[1].status).toBe('pending');
    const old = await client.get('/payment/pagos/1000005/versiones/1');
    expect(old.body).toMatchObject({ id: '1000005', version: 1, status: 'pending', last_modified: false });
    const current = await client.get('/payment/pagos/1000005/versiones/2');
    expect(current.body).toMatchObject({ version: 2, status: 'rejected', last_modified: true });
    const missing = await client.get('/payment/pagos/1000005/versiones/9');
    expect(missing.status).toBe(404);
    expect(missing.body.extended_code).toBe('version_not_found');
  });

  it('seeds earlier versions for payments that went through several states', async () => {
    const { body } = await client.get('/payment/pagos/1000012/historial');
    expect(body.rows.map((row: Loose) => row.status)).toEqual(['refunded', 'approved', 'pending']);
    const first = await client.get('/payment/pagos/1000012/versiones/1');
    expect(first.body).toMatchObject({
      status: 'pending',
      refunds: [],
      refunded_date: null,
      last_modified: false,
    });
  });
});

describe('change payment method', () => {
  const card = {
    number: '4507990000004905',
    expiration_month: 12,
    expiration_year: new Date().getFullYear() + 2,
    holder: {
      name: 'María González',
      identification: { country: 'ARG', type: 'DNI_ARG', number: '28456789' },
    },
  };

  it('sets a card for DNI_ARG and updates the holders', async () => {
    const { status, body } = await client.send('PUT', '/payment/pagos/1000006/medio-de-pago', card);
    expect(status).toBe(200);
    expect(body.status).toBe('issued');
    expect(body.payment_methods).toHaveLength(1);
    expect(body.payment_methods[0]).toMatchObject({
      media_payment_id: 9,
      first_six_digits: '450799',
      last_four_digits: '4905',
      expiration_month: 12,
    });
    const holders = await client.get('/payment/pagos/1000006/titulares');
    expect(holders.body).toEqual([{ holder_name: 'MARÍA GONZÁLEZ', holder_id: '28456789' }]);
  });

  it('sets a CBU transfer (media_payment_id 1) for CUIT_ARG', async () => {
    const { status, body } = await client.send('PUT', '/payment/pagos/1000007/medio-de-pago', {
      number: '2850590940090418135201',
      holder: {
        name: 'Lucía Fernández',
        identification: { country: 'ARG', type: 'CUIT_ARG', number: '27-35987654-3' },
      },
    });
    expect(status).toBe(200);
    expect(body.payment_methods[0]).toMatchObject({ media_payment_id: 1, last_four_digits: '5201' });
  });

  it('validates the payload and the status', async () => {
    const cases: [unknown, string][] = [
      [{ ...card, number: '4507' }, 'invalid_card_number'],
      [{ ...card, expiration_year: 2001 }, 'card_expired'],
      [
        {
          ...card,
          holder: { ...card.holder, identification: { ...card.holder.identification, number: '12' } },
        },
        'invalid_identification',
      ],
      [
        {
          ...card,
          holder: { ...card.holder, identification: { ...card.holder.identification, type: 'PAS' } },
        },
        'invalid_identification_type',
      ],
      [
        {
          ...card,
          holder: { name: 'X', identification: { country: 'ARG', type: 'CUIT_ARG', number: '20123456780' } },
          number: '2850590940090418135201',
        },
        'invalid_identification',
      ],
      [
        {
          ...card,
          holder: { name: 'X', identification: { country: 'ARG', type: 'CUIT_ARG', number: '27359876543' } },
          number: '123',
        },
        'invalid_cbu',
      ],
      [{ ...card, holder: { ...card.holder, name: '' } }, 'holder_name_required'],
    ];
    for (const [body, extended] of cases) {
      const answer = await client.send('PUT', '/payment/pagos/1000006/medio-de-pago', body);
      expect(answer.status, extended).toBe(422);
      expect(answer.body).toEqual(errorShape(extended, 'validation_error'));
    }
    const approved = await client.send('PUT', '/payment/pagos/1000001/medio-de-pago', card);
    expect(approved.status).toBe(409);
    expect(approved.body.extended_code).toBe('payment_method_not_changeable');
  });
});

describe('cancel objection', () => {
  it('objected -> approved; others 409', async () => {
    const { status, body } = await post('1000013/cancelar-objecion', { reason: 'Documentación recibida' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'approved', status_detail: 'objection_cancelled', version: 4 });
    const again = await post('1000013/cancelar-objecion', { reason: 'x' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(errorShape('payment_not_objected', 'invalid_status'));
  });
});

describe('retry', () => {
  it('code A: rejected -> pending with the same method; the gateway then approves it', async () => {
    const { status, body } = await post('1000008/reintentar', { code: 'A' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'pending', status_detail: 'retry_same_payment_method' });
    const updated = await post('1000008/actualizar-gateway');
    expect(updated.body).toMatchObject({ status: 'approved', status_detail: 'accredited' });
  });

  it('code B: rejected -> issued, waiting for a new method', async () => {
    const { body } = await post('1000008/reintentar', { code: 'B' });
    expect(body).toMatchObject({ status: 'issued', status_detail: 'waiting_payment_method' });
  });

  it('refuses overdue, inactive retry preset, expired card with A, bad codes and non-rejected', async () => {
    expect((await post('1000009/reintentar', { code: 'A' })).body).toEqual(
      errorShape('payment_overdue', 'invalid_status'),
    );
    expect((await post('1000010/reintentar', { code: 'A' })).body).toEqual(
      errorShape('retry_disabled', 'invalid_status'),
    );
    expect((await post('1000011/reintentar', { code: 'A' })).body).toEqual(
      errorShape('card_expired', 'validation_error'),
    );
    expect((await post('1000011/reintentar', { code: 'B' })).status).toBe(200);
    expect((await post('1000008/reintentar', { code: 'C' })).body).toEqual(
      errorShape('invalid_retry_code', 'validation_error'),
    );
    expect((await post('1000001/reintentar', { code: 'A' })).body).toEqual(
      errorShape('payment_not_retryable', 'invalid_status'),
    );
  });
});

describe('refund and reverse', () => {
  it('refunds an approved payment in full', async () => {
    const payment = await detail('1000001');
    const { status, body } = await post('1000001/devolver', {
      reason: 'Cobro duplicado',
      amount: payment.final_amount,
      partial: false,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'approved', status_detail: 'refunded', payment_status: 'refunded' });
    expect(body.refund).toMatchObject({
      status: 'approved',
      amount: payment.final_amount,
      type: 'total',
      reason: 'Cobro duplicado',
    });
    const after = await detail('1000001');
    expect(after).toMatchObject({ status: 'refunded', version: payment.version + 1 });
    expect(after.refunded_date).not.toBeNull();
    expect(after.refunds).toHaveLength(1);
    const again = await post('1000001/devolver', { reason: 'x' });
    expect(again.status).toBe(409);
    expect(again.body.extended_code).toBe('payment_not_refundable');
  });

  it('partial refunds keep the payment approved until nothing is left', async () => {
    const payment = await detail('1000021');
    const first = await post('1000021/devolver', { reason: 'Ajuste', amount: 100, partial: true });
    expect(first.body).toMatchObject({ status: 'approved', payment_status: 'approved' });
    expect(first.body.refund).toMatchObject({ type: 'partial', amount: 100 });
    expect(await detail('1000021')).toMatchObject({
      status: 'approved',
      status_detail: 'partially_refunded',
    });
    const tooMuch = await post('1000021/devolver', {
      reason: 'Ajuste',
      amount: payment.final_amount,
      partial: true,
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.extended_code).toBe('invalid_amount');
    const notTotal = await post('1000021/devolver', { reason: 'Ajuste', amount: 50, partial: false });
    expect(notTotal.body.extended_code).toBe('invalid_amount');
    const rest = Math.round((payment.final_amount - 100) * 100) / 100;
    const last = await post('1000021/devolver', { reason: 'Ajuste', amount: rest, partial: true });
    expect(last.body.payment_status).toBe('refunded');
  });

  it('answers 200 with a rejected refund when the gateway rejects it', async () => {
    const before = await detail('1000002');
    const { status, body } = await post('1000002/devolver', { reason: 'Baja', partial: false });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'rejected',
      status_detail: 'insufficient_funds_in_collector_account',
      payment_status: 'approved',
    });
    expect(body.refund.rejected_date).not.toBeNull();
    const after = await detail('1000002');
    expect(after.status).toBe('approved');
    expect(after.version).toBe(before.version + 1);
    expect(after.refunds[0].status).toBe('rejected');
  });

  it('refunds QR payments only with exactly one method', async () => {
    expect((await post('1000015/devolver', { reason: 'x' })).body.status).toBe('approved');
    const two = await post('1000016/devolver', { reason: 'x' });
    expect(two.status).toBe(409);
    expect(two.body.extended_code).toBe('payment_not_refundable');
  });

  it('reverses approved payments (refunded / reversed) and refuses others', async () => {
    const { body } = await post('1000017/revertir', { reason: 'Contracargo' });
    expect(body).toMatchObject({ status: 'approved', status_detail: 'reversed', payment_status: 'refunded' });
    expect((await detail('1000017')).status_detail).toBe('reversed');
    const rejected = await post('1000002/revertir', { reason: 'x' });
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      status_detail: 'insufficient_funds_in_collector_account',
    });
    const pending = await post('1000005/revertir', { reason: 'x' });
    expect(pending.body).toEqual(errorShape('payment_not_reversible', 'invalid_status'));
  });
});

describe('partial refund', () => {
  it('refunds every approved method of a partial payment', async () => {
    const payment = await detail('1000003');
    const method = payment.payment_methods[0];
    const { status, body } = await post('1000003/devolucion-parcial', [
      {
        status_detail: method.gateway.status_detail,
        type: method.type,
        amount: method.final_amount,
        payment_method_id: 0,
      },
    ]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'approved', payment_status: 'refunded' });
    expect(body.refunds).toHaveLength(1);
  });

  it('reports the methods the gateway rejects', async () => {
    const payment = await detail('1000004');
    const items = [0, 1].map((index) => ({
      status_detail: 'accredited',
      type: payment.payment_methods[index].type,
      amount: payment.payment_methods[index].final_amount,
      payment_method_id: index,
    }));
    const { body } = await post('1000004/devolucion-parcial', items);
    expect(body.status).toBe('partial');
    expect(body.refunds.map((refund: Loose) => refund.status)).toEqual(['approved', 'rejected']);
    expect(body.refunds[1].status_detail).toBe('rejected_by_card_issuer');
    const after = await detail('1000004');
    expect(after.status).toBe('partial');
    expect(after.payment_methods.map((m: Loose) => m.gateway.status)).toEqual([
      'refunded',
      'approved',
      'rejected',
    ]);
  });

  it('validates methods and status', async () => {
    const rejectedMethod = await post('1000004/devolucion-parcial', [
      { status_detail: 'x', type: 'offline', amount: 1, payment_method_id: 2 },
    ]);
    expect(rejectedMethod.body).toEqual(errorShape('payment_method_not_approved', 'validation_error'));
    const badIndex = await post('1000004/devolucion-parcial', [{ amount: 1, payment_method_id: 7 }]);
    expect(badIndex.body.extended_code).toBe('invalid_payment_method');
    const notPartial = await post('1000001/devolucion-parcial', [{ amount: 1, payment_method_id: 0 }]);
    expect(notPartial.body).toEqual(errorShape('payment_not_partially_refundable', 'invalid_status'));
    const notArray = await post('1000004/devolucion-parcial', { amount: 1 });
    expect(notArray.status).toBe(400);
  });
});

describe('other actions', () => {
  it('refresh answers the payment', async () => {
    const { status, body } = await post('1000001/refrescar');
    expect(status).toBe(200);
    expect(body).toEqual(await detail('1000001'));
  });

  it('update from gateway approves a pending payment once, needs methods', async () => {
    const { body } = await post('1000005/actualizar-gateway');
    expect(body).toMatchObject({ status: 'approved', version: 2 });
    expect(body.paid_date).not.toBeNull();
    const again = await post('1000005/actualizar-gateway');
    expect(again.body.version).toBe(2);
    const noMethods = await post('1000006/actualizar-gateway');
    expect(noMethods.body).toEqual(errorShape('payment_without_payment_methods', 'invalid_status'));
  });

  it('forwards the collector notification when there is a notification_url', async () => {
    const payment = await detail('1000005');
    const target = payment.notification_url ? '1000005' : '1000001';
    const before = (await detail(target)).collector_notifications.length;
    const { status, body } = await post(`${target}/reenviar-notificacion`);
    expect(status).toBe(200);
    expect(body.status).toBe('sent');
    expect((await detail(target)).collector_notifications).toHaveLength(before + 1);
    const none = await post('1000020/reenviar-notificacion');
    expect(none.body).toEqual(errorShape('notification_url_missing', 'invalid_status'));
  });

  it("records a notification about a payment sent by the notification service among the payment's", async () => {
    const before = (await detail('1000005')).notifications.length;
    const created = await client.send('POST', '/notification/notificaciones', {
      type: 'notification',
      action: 'payment_receipts',
      signature: '10001',
      to: 'contaduria@example.com',
      payload: { customer_name: 'María González', payment_id: '1000005', download_receipts: true },
    });
    expect(created.status).toBe(201);
    const notifications = (await detail('1000005')).notifications as Loose[];
    expect(notifications).toHaveLength(before + 1);
    expect(notifications.at(-1)).toMatchObject({
      id: created.body.id,
      action: 'payment_receipts',
      type: 'email',
    });
  });

  it('notifies the payer unless overdue or without e-mail, creating a notification', async () => {
    const { body } = await post('1000005/notificar-pagador');
    expect(body).toMatchObject({
      status: 'sent',
      notification: { action: 'payment_reminder', type: 'email' },
    });
    const notification = await client.get(`/notification/notificaciones/${body.notification.id}`);
    expect(notification.body).toMatchObject({
      to: 'maria.gonzalez@gmail.com',
      signature: '10001',
      payment_id: '1000005',
    });
    expect((await detail('1000005')).notifications.map((n: Loose) => n.id)).toContain(body.notification.id);
    expect((await post('1000014/notificar-pagador')).body).toEqual(
      errorShape('payment_overdue', 'invalid_status'),
    );
    expect((await post('1000020/notificar-pagador')).body).toEqual(
      errorShape('payer_without_email', 'validation_error'),
    );
  });

  it('lists reflect changes at once', async () => {
    const query = { filters: [filter('id', 'EQUAL', '1000006'), filter('status', 'EQUAL', 'issued')] };
    expect((await client.list('/payment/pagos', query)).body.size).toBe(1);
    await post('1000006/cancelar', { reason: 'x' });
    expect((await client.list('/payment/pagos', query)).body.size).toBe(0);
  });
});

describe('idempotency', () => {
  it('answers the stored response for the same key and body without applying twice', async () => {
    const headers = { 'idempotency-key': 'refund-1000001' };
    const body = { reason: 'Cobro duplicado', partial: false };
    const first = await post('1000001/devolver', body, headers);
    const second = await post('1000001/devolver', { partial: false, reason: 'Cobro duplicado' }, headers);
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await detail('1000001')).refunds).toHaveLength(1);
  });

  it('409 idempotency_key_reused for the same key with another body', async () => {
    const headers = { 'idempotency-key': 'k-2' };
    await post('1000021/devolver', { reason: 'a', amount: 10, partial: true }, headers);
    const reused = await post('1000021/devolver', { reason: 'a', amount: 20, partial: true }, headers);
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual(errorShape('idempotency_key_reused', 'conflict'));
    expect((await detail('1000021')).refunds).toHaveLength(1);
  });

  it('stores business errors too, and reset forgets the keys', async () => {
    const headers = { 'idempotency-key': 'k-3' };
    const first = await post('1000012/devolver', { reason: 'x' }, headers);
    expect(first.status).toBe(409);
    expect((await post('1000012/devolver', { reason: 'x' }, headers)).status).toBe(409);
    await client.send('POST', '/__admin/reset');
    const fresh = await post('1000001/cancelar', { reason: 'x' }, headers);
    expect(fresh.body.extended_code).toBe('payment_not_cancellable');
  });
});
