import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { filter, listAll, sharedClient, type Client } from './helpers.js';

let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});
beforeEach(async () => {
  await client.send('POST', '/__admin/reset');
});

describe('payers', () => {
  it('seeds every payment payer with an e-mail, with the same id, name and e-mail', async () => {
    const { body } = await client.get('/payer/pagadores/700001');
    expect(body).toMatchObject({ id: '700001', name: 'María González', email: 'maria.gonzalez@gmail.com' });
    const payments = await client.list('/payment/pagos', { limit: 1 });
    const payer = payments.body.rows[0].payer;
    const byEmail = await client.list('/payer/pagadores', {
      filters: [filter('email', 'EQUAL', payer.email)],
    });
    expect(byEmail.body.rows.map((row: { id: string }) => row.id)).toEqual([payer.id]);
  });

  it('filters by name (contains), id, e-mail and identification number (equal)', async () => {
    const byName = await listAll(client, '/payer/pagadores', [filter('name', 'CONTAINS', 'gonz')]);
    expect(byName.length).toBeGreaterThan(0);
    for (const row of byName) expect(row.name.toLowerCase()).toContain('gonz');
    const byDni = await client.list('/payer/pagadores', {
      filters: [filter('identification.number', 'EQUAL', '30123456')],
    });
    expect(byDni.body.rows.map((row: { id: string }) => row.id)).toEqual(['700002']);
    expect((await client.get('/payer/pagadores/1')).status).toBe(404);
  });

  it('creates a payer, refusing a bad e-mail or a 7-digit DNI', async () => {
    const bad = await client.send('POST', '/payer/pagadores', { name: 'Ana', email: 'ana@' });
    expect([bad.status, bad.body.extended_code]).toEqual([422, 'invalid_email']);
    const dni7 = await client.send('POST', '/payer/pagadores', {
      name: 'Ana',
      email: 'ana@example.com',
      identification: { type: 'DNI_ARG', number: '1234567', country: 'ARG' },
    });
    expect(dni7.status).toBe(422);
    const created = await client.send('POST', '/payer/pagadores', {
      name: 'Ana Ruiz',
      email: 'ana.ruiz@example.com',
      identification: { type: 'CUIT_ARG', number: '20-12345678-6', country: 'ARG' },
    });
    expect(created.status).toBe(201);
    expect(created.body.identification.number).toBe('20123456786');
    expect((await client.get(`/payer/pagadores/${created.body.id}`)).body.name).toBe('Ana Ruiz');
  });
});

describe('payer references', () => {
  it('creates, updates and deletes a reference; deletes all of a collector', async () => {
    const created = await client.send('POST', '/payer/pagadores/referencias', {
      collector_id: '10003',
      name: 'Pedro Gómez',
      identification: { type: 'DNI_ARG', number: '1234567', country: 'ARG' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ collector_id: '10003', email: null, external_reference: null });
    const updated = await client.send('PUT', `/payer/pagadores/referencias/${created.body.id}`, {
      name: 'Pedro A. Gómez',
      email: 'pgomez@gmail.com',
      externalReference: 'SOC-1',
    });
    expect(updated.body).toMatchObject({
      name: 'Pedro A. Gómez',
      external_reference: 'SOC-1',
      identification: null,
    });
    const removed = await client.send('DELETE', `/payer/pagadores/referencias/${created.body.id}`);
    expect(removed.status).toBe(200);
    expect((await client.send('DELETE', `/payer/pagadores/referencias/${created.body.id}`)).status).toBe(404);

    const before = await listAll(client, '/payer/pagadores/referencias', [
      filter('collector_id', 'EQUAL', '10001'),
    ]);
    expect(before.length).toBeGreaterThan(0);
    const all = await client.send('DELETE', '/payer/pagadores/referencias/comercios/10001');
    expect(all.body.deleted).toBe(before.length);
    const after = await client.list('/payer/pagadores/referencias', {
      filters: [filter('collector_id', 'EQUAL', '10001')],
    });
    expect(after.body.size).toBe(0);
  });

  it('refuses a reference without collector, with a bad CUIT check digit or a bad DNI length', async () => {
    const cases = [
      [{ name: 'X' }, 'collector_required'],
      [
        {
          collector_id: '10001',
          name: 'X',
          identification: { type: 'CUIT_ARG', number: '20123456787', country: 'ARG' },
        },
        'invalid_identification',
      ],
      [
        {
          collector_id: '10001',
          name: 'X',
          identification: { type: 'DNI_ARG', number: '123456', country: 'ARG' },
        },
        'invalid_identification',
      ],
      [{ collector_id: '10001', name: ' ' }, 'name_required'],
    ] as const;
    for (const [body, code] of cases) {
      const answer = await client.send('POST', '/payer/pagadores/referencias', body);
      expect([answer.status, answer.body.extended_code]).toEqual([422, code]);
    }
  });

  it('leaves collector 10024 without references and gives the sample payers references', async () => {
    const none = await client.list('/payer/pagadores/referencias', {
      filters: [filter('collector_id', 'EQUAL', '10024')],
    });
    expect(none.body.size).toBe(0);
    const maria = await client.list('/payer/pagadores/referencias', {
      filters: [filter('email', 'EQUAL', 'maria.gonzalez@gmail.com')],
    });
    expect(maria.body.size).toBeGreaterThan(0);
  });
});
