// A team's own test records in its namespace (docs/testing-integration.md §4): `POST /__admin/seed`
// adds them beside the seeded data, only in the namespace the call names, until its reset.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAMESPACE_HEADER } from '../src/app.js';
import { sharedClient, type Client } from './helpers.js';

let client: Client;
// Unique per run: the shared server outlives this file.
const ns = { [NAMESPACE_HEADER]: `semilla-${randomUUID().slice(0, 8)}` };

beforeAll(async () => {
  client = await sharedClient();
});

const seed = (body: unknown, headers: Record<string, string> = ns) =>
  client.send('POST', '/__admin/seed', body, headers);

describe('POST /__admin/seed', () => {
  it('adds records like a fixture, with the fields given, in its namespace only, until its reset', async () => {
    await client.send('POST', '/__admin/reset', undefined, ns);
    const added = await seed({
      service: 'payment',
      records: [
        { like: '1000001', id: '9900001', final_amount: 1500.5, collector_id: '10002' },
        { like: '1000005', id: '9900002' },
      ],
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ service: 'payment', ids: ['9900001', '9900002'] });

    const mine = (await client.get('/payment/pagos/9900001', ns)).body;
    const fixture = (await client.get('/payment/pagos/1000001', ns)).body;
    expect(mine).toMatchObject({
      id: '9900001',
      status: fixture.status,
      final_amount: 1500.5,
      collector_id: '10002',
      version: 1,
      payer: fixture.payer,
    });
    // Found by the lists, and the services' actions work on it (a pending one cancels).
    const listed = await client.get(
      '/payment/pagos?filters=' +
        encodeURIComponent(JSON.stringify([{ field: 'id', operation: 'IN', value: ['9900001', '9900002'] }])),
      ns,
    );
    expect(listed.body.size).toBe(2);
    expect((await client.send('POST', '/payment/pagos/9900002/cancelar', { reason: 'x' }, ns)).status).toBe(
      200,
    );

    // Another namespace (the default one) never sees them; the reset takes them away.
    expect((await client.get('/payment/pagos/9900001')).status).toBe(404);
    await client.send('POST', '/__admin/reset', undefined, ns);
    expect((await client.get('/payment/pagos/9900001', ns)).status).toBe(404);
  });

  it('takes subscriptions too, and a complete record without a template', async () => {
    await client.send('POST', '/__admin/reset', undefined, ns);
    const [template] = (await client.get('/subscription/suscripciones?limit=1', ns)).body.rows;
    const added = await seed({
      service: 'subscription',
      records: [{ ...template, id: 'S-propia-1', amount: 999 }],
    });
    expect(added.body).toEqual({ service: 'subscription', ids: ['S-propia-1'] });
    expect((await client.get('/subscription/suscripciones/S-propia-1', ns)).body).toMatchObject({
      id: 'S-propia-1',
      amount: 999,
      version: 1,
    });
  });

  it('refuses, adding nothing, a record whose id exists, a template that does not, or a service without records', async () => {
    await client.send('POST', '/__admin/reset', undefined, ns);
    const refusals = [
      [
        {
          service: 'payment',
          records: [
            { like: '1000001', id: '9900003' },
            { like: '1000001', id: '1000002' },
          ],
        },
        409,
        'record_exists',
      ],
      [{ service: 'payment', records: [{ like: '123', id: '9900003' }] }, 404, 'unknown_record'],
      [{ service: 'payment', records: [{ like: '1000001', id: 'no vale' }] }, 400, 'invalid_seed'],
      [{ service: 'payment', records: [] }, 400, 'invalid_seed'],
      [{ service: 'pagos', records: [{ id: '1' }] }, 400, 'unknown_service'],
      [{ service: 'collector', records: [{ id: '1' }] }, 400, 'unseedable_service'],
    ] as const;
    for (const [body, status, code] of refusals) {
      const answer = await seed(body);
      expect([answer.status, answer.body.extended_code], JSON.stringify(body)).toEqual([status, code]);
    }
    expect((await client.get('/payment/pagos/9900003', ns)).status).toBe(404);
  });
});
