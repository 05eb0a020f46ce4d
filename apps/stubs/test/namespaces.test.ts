// Test namespaces: tests that run in parallel against one stubs server name a namespace
// (`x-test-namespace`) and keep apart their data, request log, faults, forced failures and idempotency keys; the
// admin API acts on the namespace its call names (header or ?namespace=), the default one without.
import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createState, DEFAULT_SEED, NAMESPACE_HEADER } from '../src/app.js';
import { sharedClient, type Client, type Loose } from './helpers.js';

let client: Client;
// Unique per run: the shared server outlives this file.
const run = randomUUID().slice(0, 8);
const A = { [NAMESPACE_HEADER]: `a-${run}` };
const B = { [NAMESPACE_HEADER]: `b-${run}` };

beforeAll(async () => {
  client = await sharedClient();
});
beforeEach(async () => {
  for (const headers of [A, B, {}]) {
    expect((await client.send('POST', '/__admin/reset', undefined, headers)).status).toBe(200);
  }
});

const statusOf = async (headers: Record<string, string>) =>
  (await client.get('/payment/pagos/1000005', headers)).body.status as string;

describe('namespaces', () => {
  it('keep their own data: a write in one shows in no other, and a reset restores only its own', async () => {
    const cancel = await client.send('POST', '/payment/pagos/1000005/cancelar', { reason: 'x' }, A);
    expect(cancel.status).toBe(200);
    expect(await statusOf(A)).toBe('rejected');
    expect(await statusOf(B)).toBe('pending');
    expect(await statusOf({})).toBe('pending');

    await client.send('POST', '/payment/pagos/1000005/cancelar', { reason: 'x' }, B);
    await client.send('POST', '/__admin/reset', undefined, A);
    expect(await statusOf(A)).toBe('pending');
    expect(await statusOf(B)).toBe('rejected');
  });

  it('keep their own faults: a fault set in one does not show in the other', async () => {
    await client.send('POST', '/__admin/faults', { service: 'payment', errorRate: 1 }, A);
    expect((await client.get('/payment/pagos/1000001', A)).status).toBe(500);
    expect((await client.get('/payment/pagos/1000001', B)).status).toBe(200);
    expect((await client.get('/payment/pagos/1000001')).status).toBe(200);
    expect((await client.get('/__admin/faults', A)).body).toEqual([
      { service: 'payment', latencyMs: 0, errorRate: 1, hangRate: 0 },
    ]);
    expect((await client.get('/__admin/faults', B)).body).toEqual([]);
    // ?namespace= is the header's equivalent for the admin API.
    expect((await client.get(`/__admin/faults?namespace=a-${run}`)).body).toHaveLength(1);
    expect((await client.get('/__admin/faults')).body).toEqual([]);
  });

  it('keep their own forced failures, by operation and by route', async () => {
    await client.send(
      'POST',
      '/__admin/failures',
      { service: 'payment', operation: 'cancelar', ids: ['1000005'], status: 409, times: 1 },
      A,
    );
    await client.send(
      'POST',
      '/__admin/failures',
      { service: 'payment', method: 'GET', path: '/payment/pagos/:id', status: 503, times: 1 },
      B,
    );
    expect((await client.send('POST', '/payment/pagos/1000005/cancelar', { reason: 'x' }, B)).status).toBe(
      200,
    );
    expect((await client.send('POST', '/payment/pagos/1000005/cancelar', { reason: 'x' }, A)).status).toBe(
      409,
    );
    expect((await client.get('/payment/pagos/1000001', A)).status).toBe(200);
    expect((await client.get('/payment/pagos/1000001', B)).status).toBe(503);
  });

  it('keep their own request logs', async () => {
    await client.get('/payment/pagos/1000001', { ...A, 'x-request-id': 'en-a' });
    await client.get('/payment/pagos/1000002', { ...B, 'x-request-id': 'en-b' });
    await client.get('/payment/pagos/1000003', { 'x-request-id': 'sin-espacio' });
    const ids = async (headers: Record<string, string>, query = '') =>
      (await client.get(`/__admin/requests${query}`, headers)).body.map(
        (entry: Loose) => entry.headers['x-request-id'],
      );
    expect(await ids(A)).toEqual(['en-a']);
    expect(await ids(B)).toEqual(['en-b']);
    expect(await ids({})).toEqual(['sin-espacio']);
    expect(await ids({}, `?namespace=b-${run}`)).toEqual(['en-b']);
    expect((await client.get('/__admin/requests/count', A)).body).toEqual({ count: 1 });
    expect((await client.send('DELETE', '/__admin/requests', undefined, A)).status).toBe(204);
    expect(await ids(A)).toEqual([]);
    expect(await ids(B)).toEqual(['en-b']);
  });

  it('keep their own idempotency keys', async () => {
    const key = { 'idempotency-key': `clave-${run}` };
    const first = await client.send(
      'POST',
      '/payment/pagos/1000005/cancelar',
      { reason: 'x' },
      { ...A, ...key },
    );
    const other = await client.send(
      'POST',
      '/payment/pagos/1000005/cancelar',
      { reason: 'y' },
      { ...B, ...key },
    );
    expect(first.status).toBe(200);
    // The same key with another body would be a 409 in one namespace; in another it is a key of its own.
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a name that is not one, in Spanish, on services and admin calls', async () => {
    const bad = { [NAMESPACE_HEADER]: 'con espacios/y barra' };
    for (const answer of [
      await client.get('/payment/pagos/1000001', bad),
      await client.send('POST', '/__admin/reset', undefined, bad),
      await client.get('/__admin/requests?namespace=a%20b'),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'bad_request', extended_code: 'invalid_namespace' });
      expect(answer.body.message).toContain('no es un nombre de espacio de pruebas');
    }
  });

  it('keeps a bounded number: past it the one used least recently starts again from the seeded data', () => {
    const state = createState(DEFAULT_SEED, 0, 2);
    const first = state.namespace('uno');
    expect(state.namespace('')).toBe(state);
    expect(state.namespace('uno')).toBe(first);
    const second = state.namespace('dos');
    state.namespace('uno');
    // 'dos' is now the least recently used: a third drops it, and 'uno' stays.
    state.namespace('tres');
    expect(state.namespace('uno')).toBe(first);
    expect(state.namespace('dos')).not.toBe(second);
  });
});

describe('the reset hook (the test stack clears the gateway’s rows of the namespace reset)', () => {
  it('is called with the namespace reset, the default one as ""; the reset answers after it, 502 when it fails', async () => {
    const { startStubs } = await import('../src/index.js');
    const calls: string[] = [];
    let failing = false;
    const stubs = await startStubs({
      port: 0,
      onReset: async (namespace) => {
        calls.push(namespace);
        if (failing) throw new Error('gateway caído');
      },
    });
    try {
      const reset = (query: string, headers: Record<string, string> = {}) =>
        fetch(`${stubs.url}/__admin/reset${query}`, { method: 'POST', headers });
      expect((await reset('')).status).toBe(200);
      expect((await reset('', { [NAMESPACE_HEADER]: `h-${run}` })).status).toBe(200);
      expect((await reset(`?namespace=q-${run}`)).status).toBe(200);
      // A name that is not one is refused before anything is reset: the hook is not called.
      expect((await reset('?namespace=con%20espacio')).status).toBe(400);
      expect(calls).toEqual(['', `h-${run}`, `q-${run}`]);
      failing = true;
      const failed = await reset(`?namespace=q-${run}`);
      expect(failed.status).toBe(502);
      expect(await failed.json()).toMatchObject({ code: 'reset_hook_failed' });
    } finally {
      await stubs.close();
    }
  });
});
