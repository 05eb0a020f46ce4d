import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createState } from '../src/app.js';
import { DEFAULT_SEED, startStubs } from '../src/index.js';
import { clearAdmin, sharedClient, type Client, type Loose } from './helpers.js';

let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});
beforeEach(() => clearAdmin(client));

describe('health and reset', () => {
  it('GET /healthz', async () => {
    expect(await client.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('POST /__admin/reset re-seeds the data', async () => {
    await client.send('POST', '/payment/pagos/1000005/cancelar', { reason: 'x' });
    expect((await client.get('/payment/pagos/1000005')).body.status).toBe('rejected');
    expect((await client.send('POST', '/__admin/reset')).status).toBe(200);
    expect((await client.get('/payment/pagos/1000005')).body).toMatchObject({
      status: 'pending',
      version: 1,
    });
  });

  it('a reset seeds again only after a write or on another day: after reads the seeded stores stay', () => {
    const state = createState(DEFAULT_SEED, 0);
    const seeded = state.stores;
    for (const method of ['GET', 'HEAD', 'OPTIONS']) state.noteRequest(method);
    state.reset();
    expect(state.stores).toBe(seeded);
    state.noteRequest('PATCH');
    state.reset();
    const reseeded = state.stores;
    expect(reseeded).not.toBe(seeded);
    state.reset();
    expect(state.stores).toBe(reseeded);
    // Seeded dates are relative to the day: a reset on the next one seeds again, writes or not.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 86_400_000 });
    try {
      state.reset();
    } finally {
      vi.useRealTimers();
    }
    expect(state.stores).not.toBe(reseeded);
  });
});

describe('request recording', () => {
  it('records every header, the query and the body, newest last', async () => {
    await client.get('/payment/pagos?limit=2&page=1', {
      source: 'backoffice',
      locale: 'es_AR',
      authorization: 'Bearer abc.def.ghi',
      'x-request-id': 'req-1',
    });
    await client.send(
      'POST',
      '/payment/pagos/1000005/cancelar',
      { reason: 'Duplicado' },
      { 'x-request-id': 'req-2' },
    );
    await client.get('/collector/comercios/10001', { 'x-request-id': 'req-3' });
    const { body } = await client.get('/__admin/requests');
    expect(body.map((entry: Loose) => entry.headers['x-request-id'])).toEqual(['req-1', 'req-2', 'req-3']);
    expect(body[0]).toMatchObject({
      service: 'payment',
      method: 'GET',
      path: '/payment/pagos',
      query: { limit: '2', page: '1' },
      body: null,
      headers: { source: 'backoffice', locale: 'es_AR', authorization: 'Bearer abc.def.ghi' },
    });
    expect(Date.parse(body[0].at)).not.toBeNaN();
    expect(body[1]).toMatchObject({
      method: 'POST',
      path: '/payment/pagos/1000005/cancelar',
      body: { reason: 'Duplicado' },
    });
  });

  it('filters by service and limits to the most recent', async () => {
    for (const id of ['a', 'b', 'c']) await client.get('/payment/pagos/1000001', { 'x-request-id': id });
    await client.get('/collector/comercios', { 'x-request-id': 'd' });
    const payment = await client.get('/__admin/requests?service=payment&limit=2');
    expect(payment.body.map((entry: Loose) => entry.headers['x-request-id'])).toEqual(['b', 'c']);
    const collector = await client.get('/__admin/requests?service=collector');
    expect(collector.body).toHaveLength(1);
    expect((await client.send('DELETE', '/__admin/requests')).status).toBe(204);
    expect((await client.get('/__admin/requests')).body).toEqual([]);
  });
});

describe('faults', () => {
  it('adds latency to one service only', async () => {
    // Far apart, so a loaded CI host (a request can wait hundreds of milliseconds for the CPU) tells them apart.
    await client.send('POST', '/__admin/faults', { service: 'payment', latencyMs: 1_500 });
    let started = performance.now();
    await client.get('/payment/pagos/1000001');
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_480);
    started = performance.now();
    await client.get('/collector/comercios/10001');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('injects 500 internal_error / injected_fault at the configured rate, reproducibly', async () => {
    await client.send('POST', '/__admin/faults', { service: '*', errorRate: 1 });
    const { status, body } = await client.get('/collector/comercios/10001');
    expect(status).toBe(500);
    expect(body).toEqual({
      code: 'internal_error',
      extended_code: 'injected_fault',
      message: expect.any(String),
    });

    const run = async () => {
      await client.send('DELETE', '/__admin/faults');
      await client.send('POST', '/__admin/faults', { service: 'payment', errorRate: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await client.get('/payment/pagos/1000001')).status);
      return statuses;
    };
    const first = await run();
    expect(first.filter((s) => s === 500).length).toBeGreaterThan(5);
    expect(first.filter((s) => s === 200).length).toBeGreaterThan(5);
    expect(await run()).toEqual(first);
  });

  it('lists and clears faults, validates the configuration', async () => {
    await client.send('POST', '/__admin/faults', { service: 'payment', latencyMs: 5, errorRate: 0.1 });
    expect((await client.get('/__admin/faults')).body).toEqual([
      { service: 'payment', latencyMs: 5, errorRate: 0.1, hangRate: 0 },
    ]);
    for (const bad of [
      { service: 'nope' },
      { service: '*', errorRate: 2 },
      { service: '*', latencyMs: -1 },
    ]) {
      const answer = await client.send('POST', '/__admin/faults', bad);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('bad_request');
    }
    expect((await client.send('DELETE', '/__admin/faults')).status).toBe(204);
    expect((await client.get('/__admin/faults')).body).toEqual([]);
  });

  it('hangs never answer, and close() still ends quickly', async () => {
    const stubs = await startStubs({ port: 0 });
    await fetch(`${stubs.url}/__admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'payment', hangRate: 1 }),
    });
    const hanging = fetch(`${stubs.url}/payment/pagos/1000001`).then(
      () => 'answered',
      () => 'failed',
    );
    const timeout = await Promise.race([
      hanging,
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300)),
    ]);
    expect(timeout).toBe('still waiting');
    const started = performance.now();
    await stubs.close();
    // The hang never ends, so a close() that waited for it would not end either: the bound only allows for load.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(await hanging).toBe('failed');
  });

  it('the base latency option delays every service request', async () => {
    const stubs = await startStubs({ port: 0, latencyMs: 150 });
    try {
      const started = performance.now();
      expect((await fetch(`${stubs.url}/collector/comercios/10001`)).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    } finally {
      await stubs.close();
    }
  });
});

describe('forced failures', () => {
  /** Pending or issued payments (cancellable), first ones by id. */
  async function cancellable(count: number): Promise<string[]> {
    const { body } = await client.list('/payment/pagos', {
      filters: [{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }],
      sorts: 'id:asc',
      limit: count,
    });
    const ids = body.rows.map((row: Loose) => String(row.id));
    expect(ids).toHaveLength(count);
    return ids;
  }

  it('fails exactly the chosen ids of the chosen operation, with the chosen error, until cleared', async () => {
    await client.send('POST', '/__admin/reset');
    const ids = await cancellable(5);
    const failing = [ids[1]!, ids[3]!];
    const set = await client.send('POST', '/__admin/failures', {
      service: 'payment',
      operation: 'cancelar',
      ids: failing,
      status: 409,
      code: 'invalid_status',
      extended_code: 'payment_not_cancellable',
      message: 'El pago no se puede cancelar.',
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual([
      {
        service: 'payment',
        operation: 'cancelar',
        ids: failing,
        status: 409,
        code: 'invalid_status',
        extended_code: 'payment_not_cancellable',
        message: 'El pago no se puede cancelar.',
        times: null,
      },
    ]);

    const answers = [];
    for (const id of ids)
      answers.push(await client.send('POST', `/payment/pagos/${id}/cancelar`, { reason: 'x' }));
    expect(answers.map((a) => a.status)).toEqual([200, 409, 200, 409, 200]);
    expect(answers[1]!.body).toEqual({
      code: 'invalid_status',
      extended_code: 'payment_not_cancellable',
      message: 'El pago no se puede cancelar.',
    });
    // A failed write changes nothing; other operations of the same id are not affected.
    expect((await client.get(`/payment/pagos/${failing[0]}`)).body.status).toMatch(/^(pending|issued)$/);
    expect((await client.get(`/payment/pagos/${failing[0]}/historial`)).status).toBe(200);
    // Every attempt is recorded, failed ones too.
    const writes = (await client.get('/__admin/requests?service=payment')).body.filter(
      (r: Loose) => r.method === 'POST' && r.path.endsWith('/cancelar'),
    );
    expect(writes).toHaveLength(5);

    expect((await client.get('/__admin/failures')).body).toHaveLength(1);
    expect((await client.send('DELETE', '/__admin/failures')).status).toBe(204);
    expect((await client.get('/__admin/failures')).body).toEqual([]);
    const retried = await client.send('POST', `/payment/pagos/${failing[0]}/cancelar`, { reason: 'x' });
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe('rejected');
  });

  it('a forced failure is not stored under the idempotency key', async () => {
    await client.send('POST', '/__admin/reset');
    await client.send('POST', '/__admin/failures', {
      service: 'payment',
      operation: 'devolver',
      ids: ['1000001'],
    });
    const headers = { 'idempotency-key': 'forced-1' };
    const first = await client.send('POST', '/payment/pagos/1000001/devolver', { reason: 'x' }, headers);
    expect(first.status).toBe(409);
    expect(first.body).toEqual({
      code: 'invalid_status',
      extended_code: 'forced_failure',
      message: expect.any(String),
    });
    await client.send('DELETE', '/__admin/failures');
    const second = await client.send('POST', '/payment/pagos/1000001/devolver', { reason: 'x' }, headers);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
  });

  it('times limits the failures per id; "*" matches every operation; a reset clears them', async () => {
    await client.send('POST', '/__admin/reset');
    const [id] = await cancellable(1);
    await client.send('POST', '/__admin/failures', {
      service: 'payment',
      operation: 'cancelar',
      ids: [Number(id)],
      status: 500,
      code: 'internal_error',
      extended_code: 'database_timeout',
      times: 2,
    });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await client.send('POST', `/payment/pagos/${id}/cancelar`, { reason: 'x' })).status);
    expect(statuses).toEqual([500, 500, 200]);

    await client.send('POST', '/__admin/failures', { service: 'payment', operation: '*', ids: ['1000013'] });
    const objection = await client.send('POST', '/payment/pagos/1000013/cancelar-objecion', { reason: 'x' });
    expect(objection.status).toBe(409);
    expect((await client.send('POST', '/__admin/reset')).status).toBe(200);
    expect((await client.get('/__admin/failures')).body).toEqual([]);
    expect(
      (await client.send('POST', '/payment/pagos/1000013/cancelar-objecion', { reason: 'x' })).status,
    ).toBe(200);
  });

  it('validates the switch', async () => {
    for (const bad of [
      null,
      [],
      { operation: 'cancelar' },
      { service: 'nope', operation: 'cancelar' },
      { service: 'payment' },
      { service: 'payment', operation: '../x' },
      { service: 'payment', operation: 'cancelar', ids: 'x' },
      { service: 'payment', operation: 'cancelar', ids: [{}] },
      { service: 'payment', operation: 'cancelar', status: 200 },
      { service: 'payment', operation: 'cancelar', code: '' },
      { service: 'payment', operation: 'cancelar', times: 0 },
    ]) {
      const answer = await client.send('POST', '/__admin/failures', bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.code).toBe('bad_request');
    }
    expect((await client.get('/__admin/failures')).body).toEqual([]);
  });
});

describe('notification service', () => {
  it('creates, reads and resends notifications', async () => {
    const created = await client.send('POST', '/notification/notificaciones', {
      type: 'notification',
      action: 'receipts',
      signature: '10001',
      to: 'maria.gonzalez@gmail.com',
      payload: { customer_name: 'María González' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'notification',
      action: 'receipts',
      signature: '10001',
      status: 'sent',
    });
    const read = await client.get(`/notification/notificaciones/${created.body.id}`);
    expect(read.body).toEqual(created.body);
    const resent = await client.send('POST', `/notification/notificaciones/${created.body.id}/reenviar`);
    expect(resent.body.retry_count).toBe(1);
    const missing = await client.get('/notification/notificaciones/1');
    expect(missing.status).toBe(404);
    expect(missing.body.extended_code).toBe('notification_not_found');
  });

  it('validates the notification payload', async () => {
    const base = {
      type: 'notification',
      action: 'receipts',
      signature: '10001',
      to: 'a@b.com',
      payload: { customer_name: 'A' },
    };
    const cases: [unknown, string][] = [
      [{ ...base, type: 'mail' }, 'invalid_type'],
      [{ ...base, action: '' }, 'action_required'],
      [{ ...base, signature: '99999' }, 'collector_not_found'],
      [{ ...base, to: 'nope' }, 'invalid_email'],
      [{ ...base, payload: {} }, 'customer_name_required'],
    ];
    for (const [body, extended] of cases) {
      const answer = await client.send('POST', '/notification/notificaciones', body);
      expect(answer.status, extended).toBe(422);
      expect(answer.body.extended_code).toBe(extended);
    }
    const malformed = await fetch(`${client.stubs.url}/notification/notificaciones`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      code: 'bad_request',
      extended_code: 'invalid_json',
      message: expect.any(String),
    });
  });
});
