// The stubs' admin API at WireMock's grain: faults and forced failures per operation (a method and a path
// pattern) as well as per service, unknown names refused naming the valid ones, and a request log a test filters
// and counts to verify what the gateway sent.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearAdmin, sharedClient, type Client, type Loose } from './helpers.js';

let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});
beforeEach(() => clearAdmin(client));

const CANCEL = '/payment/pagos/:id/cancelar';

describe('unknown services, operations, methods and routes', () => {
  it('refuses a misspelt operation with 400 naming the service’s operations', async () => {
    const answer = await client.send('POST', '/__admin/failures', {
      service: 'payment',
      operation: 'cancelr',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'bad_request', extended_code: 'unknown_operation' });
    expect(answer.body.valid).toEqual(expect.arrayContaining(['*', 'cancelar', 'devolver']));
    expect(answer.body.message).toContain('"cancelr"');
    expect(answer.body.message).toContain('cancelar');
    expect((await client.get('/__admin/failures')).body).toEqual([]);
  });

  it('refuses an unknown service, for failures, faults and the request log, naming the services', async () => {
    const failure = await client.send('POST', '/__admin/failures', {
      service: 'pagos',
      operation: 'cancelar',
    });
    expect(failure.status).toBe(400);
    expect(failure.body.extended_code).toBe('unknown_service');
    expect(failure.body.valid).toContain('payment');
    const fault = await client.send('POST', '/__admin/faults', { service: 'pagos', errorRate: 1 });
    expect(fault.body.valid).toEqual(expect.arrayContaining(['*', 'payment', 'collector']));
    const log = await client.get('/__admin/requests?service=pagos');
    expect(log.status).toBe(400);
    expect(log.body.extended_code).toBe('unknown_service');
  });

  it('refuses a method or a path pattern the service does not serve, naming its routes', async () => {
    const method = await client.send('POST', '/__admin/faults', { service: 'payment', method: 'FETCH' });
    expect(method.status).toBe(400);
    expect(method.body).toMatchObject({
      extended_code: 'invalid_method',
      valid: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    });

    const route = await client.send('POST', '/__admin/faults', {
      service: 'payment',
      method: 'POST',
      path: '/payment/pagoz/:id/cancelar',
      errorRate: 1,
    });
    expect(route.status).toBe(400);
    expect(route.body.extended_code).toBe('unknown_route');
    expect(route.body.valid).toContain(`POST ${CANCEL}`);
    expect(route.body.valid.every((r: string) => r.startsWith('POST /payment/'))).toBe(true);

    // Another service's path, a GET where only POST is served, a malformed pattern.
    for (const bad of [
      { service: 'payment', path: '/collector/comercios/:id' },
      { service: 'payment', method: 'GET', path: CANCEL },
      { service: 'payment', path: '/payment/pagos/:' },
      { service: 'payment', path: 'payment/pagos' },
    ]) {
      const answer = await client.send('POST', '/__admin/failures', bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.code).toBe('bad_request');
    }
    expect((await client.get('/__admin/faults')).body).toEqual([]);
    expect((await client.get('/__admin/failures')).body).toEqual([]);
  });

  it('accepts a pattern, a concrete path or a wildcard that matches a served route', async () => {
    for (const path of [CANCEL, '/payment/pagos/1000001/cancelar', '/payment/*resto']) {
      const answer = await client.send('POST', '/__admin/faults', { service: 'payment', path, latencyMs: 1 });
      expect(answer.status, path).toBe(200);
    }
  });
});

describe('faults per operation', () => {
  it('fail one method and path of a service, not its other routes', async () => {
    const set = await client.send('POST', '/__admin/faults', {
      service: 'payment',
      method: 'POST',
      path: CANCEL,
      errorRate: 1,
    });
    expect(set.body).toEqual([
      { service: 'payment', method: 'POST', path: CANCEL, latencyMs: 0, errorRate: 1, hangRate: 0 },
    ]);
    const cancel = await client.send('POST', '/payment/pagos/1000005/cancelar', { reason: 'x' });
    expect(cancel.status).toBe(500);
    expect(cancel.body.extended_code).toBe('injected_fault');
    expect((await client.get('/payment/pagos/1000005')).status).toBe(200);
    expect((await client.send('POST', '/payment/pagos/1000005/devolver', { reason: 'x' })).status).not.toBe(
      500,
    );
  });

  it('an operation’s own configuration wins over its service’s and over "*"', async () => {
    await client.send('POST', '/__admin/faults', { service: '*', errorRate: 1 });
    await client.send('POST', '/__admin/faults', {
      service: 'payment',
      method: 'GET',
      path: '/payment/pagos/:id',
    });
    expect((await client.get('/payment/pagos/1000001')).status).toBe(200);
    expect((await client.get('/payment/pagos')).status).toBe(500);
    expect((await client.get('/collector/comercios/10001')).status).toBe(500);
  });
});

describe('forced failures per operation (method and path)', () => {
  it('answer the chosen error before the route runs, reads included, `times` times', async () => {
    const set = await client.send('POST', '/__admin/failures', {
      service: 'payment',
      method: 'GET',
      path: '/payment/pagos/:id',
      status: 504,
      code: 'gateway_timeout',
      extended_code: 'upstream_timeout',
      times: 1,
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual([
      expect.objectContaining({ service: 'payment', method: 'GET', path: '/payment/pagos/:id', times: 1 }),
    ]);
    const first = await client.get('/payment/pagos/1000001');
    expect(first).toMatchObject({
      status: 504,
      body: { code: 'gateway_timeout', extended_code: 'upstream_timeout' },
    });
    expect((await client.get('/payment/pagos/1000001')).status).toBe(200);
  });

  it('a forced 504 on a write changes nothing (the gateway calls that UNKNOWN)', async () => {
    await client.send('POST', '/__admin/reset');
    await client.send('POST', '/__admin/failures', {
      service: 'payment',
      method: 'POST',
      path: CANCEL,
      status: 504,
    });
    expect((await client.send('POST', '/payment/pagos/1000005/cancelar', { reason: 'x' })).status).toBe(504);
    expect((await client.get('/payment/pagos/1000005')).body.status).toBe('pending');
  });

  it('takes operation or method/path, not both, and ids only with operation', async () => {
    for (const bad of [
      { service: 'payment', operation: 'cancelar', path: CANCEL },
      { service: 'payment', path: CANCEL, ids: ['1000005'] },
    ]) {
      const answer = await client.send('POST', '/__admin/failures', bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.extended_code).toBe('invalid_body');
    }
  });
});

describe('the request log, filtered and counted', () => {
  /** An instant strictly after every request made so far (the filter keeps `at >= since`). */
  const since = async () => {
    const last = new Date().toISOString();
    // The log's times have millisecond precision: a request answered in the millisecond this is called may carry
    // that very time, so the instant returned is taken once the clock has passed it.
    await expect.poll(() => new Date().toISOString() > last).toBe(true);
    return new Date().toISOString();
  };

  it('filters by method, path pattern, request id and since, combined; counts the same way', async () => {
    await client.get('/payment/pagos/1000001', { 'x-request-id': 'primero' });
    const middle = await since();
    await client.send('POST', '/payment/pagos/1000005/cancelar', { reason: 'x' }, { 'x-request-id': 'mio' });
    await client.get('/payment/pagos/1000005', { 'x-request-id': 'mio' });
    await client.get('/collector/comercios/10001', { 'x-request-id': 'mio' });

    const paths = async (query: string) =>
      (await client.get(`/__admin/requests?${query}`)).body.map((r: Loose) => `${r.method} ${r.path}`);
    expect(await paths('requestId=mio')).toEqual([
      'POST /payment/pagos/1000005/cancelar',
      'GET /payment/pagos/1000005',
      'GET /collector/comercios/10001',
    ]);
    expect(await paths(`method=post&path=${encodeURIComponent(CANCEL)}`)).toEqual([
      'POST /payment/pagos/1000005/cancelar',
    ]);
    expect(await paths('path=/payment/pagos/:id')).toEqual([
      'GET /payment/pagos/1000001',
      'GET /payment/pagos/1000005',
    ]);
    expect(await paths(`service=payment&since=${encodeURIComponent(middle)}`)).toEqual([
      'POST /payment/pagos/1000005/cancelar',
      'GET /payment/pagos/1000005',
    ]);
    expect(await paths(`since=${Date.parse(middle)}&limit=1`)).toEqual(['GET /collector/comercios/10001']);

    expect((await client.get('/__admin/requests/count?requestId=mio&service=payment')).body).toEqual({
      count: 2,
    });
    expect((await client.get(`/__admin/requests/count?path=${encodeURIComponent(CANCEL)}`)).body).toEqual({
      count: 1,
    });
    expect((await client.get('/__admin/requests/count?requestId=nadie')).body).toEqual({ count: 0 });
  });

  it('refuses a bad filter', async () => {
    for (const query of ['since=ayer', 'method=FETCH', 'path=sin-barra', 'limit=0']) {
      const answer = await client.get(`/__admin/requests/count?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe('bad_request');
    }
  });
});
