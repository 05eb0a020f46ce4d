import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { listAll, sharedClient, type Client, type Loose } from './helpers.js';

/** The AFIP forms, software-provider and card BIN simulators (docs/upstream-contract.md). */
let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});
beforeEach(async () => {
  await client.send('POST', '/__admin/reset');
});

describe('afip /formularios', () => {
  it('seeds every status, newest first, and the form structures', async () => {
    const rows = await listAll(client, '/afip/formularios');
    expect(new Set(rows.map((r: Loose) => r.status))).toEqual(new Set(['created', 'delivered', 'reprocess']));
    const dates = rows.map((r: Loose) => r.created_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(rows.some((r: Loose) => (r.afip_transaction_id ?? '').length > 10)).toBe(true);
    const { body } = await client.get('/afip/formularios/estructuras');
    expect(body.length).toBeGreaterThan(1);
    expect(body[0]).toEqual(
      expect.objectContaining({ id: '1', form_name: expect.any(String), version: '1.0' }),
    );
  });

  it('creates, presents manually and refuses a second presentation', async () => {
    const created = await client.send('POST', '/afip/formularios', {
      period: '2026-10',
      file_structure: { id: '2' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      expect.objectContaining({
        status: 'created',
        period: '2026-10',
        file_structure: expect.objectContaining({ id: '2', version: '2.0' }),
      }),
    );
    const id = created.body.id as string;
    const manual = await client.send('POST', `/afip/formularios/${id}/presentar/manual/TX-998877`);
    expect(manual.body).toEqual(
      expect.objectContaining({ status: 'delivered', afip_transaction_id: 'TX-998877' }),
    );
    expect((await client.send('POST', `/afip/formularios/${id}/presentar`)).status).toBe(409);
    expect((await client.send('POST', `/afip/formularios/${id}/reprocesar`, {})).status).toBe(409);
  });

  it('validates create and reprocesses with the optional reason', async () => {
    expect(
      (await client.send('POST', '/afip/formularios', { period: '2026-13', file_structure: { id: '1' } }))
        .status,
    ).toBe(422);
    expect(
      (await client.send('POST', '/afip/formularios', { period: '2026-10', file_structure: { id: '99' } }))
        .status,
    ).toBe(422);
    const [first] = await listAll(client, '/afip/formularios', [
      { field: 'status', operation: 'EQUAL', value: 'created' },
    ]);
    const answer = await client.send('POST', `/afip/formularios/${first.id}/reprocesar`, {
      reprocess_detail: ' Montos mal ',
    });
    expect(answer.body).toEqual(
      expect.objectContaining({ status: 'reprocess', reprocess_detail: 'Montos mal' }),
    );
  });
});

describe('files', () => {
  it('answers a presentation as a real ZIP holding its file', async () => {
    const response = await fetch(`${client.stubs.url}/afip/formularios/3001/archivo`);
    expect(response.headers.get('content-type')).toContain('zip');
    const { body } = await client.get('/afip/formularios/3001');
    expect(response.headers.get('content-disposition')).toContain(body.file_name.replace('.txt', '.zip'));
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(entries)).toEqual([body.file_name]);
    const text = new TextDecoder().decode(entries[body.file_name]);
    expect(text.split('\r\n')[0]).toMatch(/^01F8/);
    expect(text).toMatch(/\r\n99\d{8}\r\n$/);
  });

  it('answers a software-provider report as its text file', async () => {
    const [item] = await listAll(client, '/softprovider/softprovider');
    const response = await fetch(
      `${client.stubs.url}/softprovider/softprovider/${item.collector_id}/${item.id}/file`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(item.metadata.file_name);
    expect(await response.text()).toMatch(new RegExp(`^H${item.soft_provider}`));
    expect((await fetch(`${client.stubs.url}/softprovider/softprovider/1/${item.id}/file`)).status).toBe(404);
  });
});

describe('softprovider', () => {
  it('approves and rejects only pending items; regenerate always', async () => {
    const rows = await listAll(client, '/softprovider/softprovider');
    expect(new Set(rows.map((r: Loose) => r.status))).toEqual(
      new Set(['in_process', 'error', 'pending_approval', 'sent']),
    );
    const pending = rows.filter((r: Loose) => r.status === 'pending_approval');
    const sent = rows.find((r: Loose) => r.status === 'sent');
    const approve = await client.send(
      'POST',
      `/softprovider/softprovider/aprobar/${pending[0].collector_id}/${pending[0].id}`,
    );
    expect(approve.body.status).toBe('sent');
    const reject = await client.send(
      'POST',
      `/softprovider/softprovider/rechazar/${pending[1].collector_id}/${pending[1].id}`,
    );
    expect(reject.body.status).toBe('error');
    expect(
      (await client.send('POST', `/softprovider/softprovider/aprobar/${sent.collector_id}/${sent.id}`))
        .status,
    ).toBe(409);
    expect(
      (await client.send('POST', `/softprovider/softprovider/aprobar/99999/${pending[2].id}`)).status,
    ).toBe(404);
    const regenerate = await client.send(
      'POST',
      `/softprovider/softprovider/regenerate/${sent.collector_id}/${sent.id}`,
    );
    expect(regenerate.body.status).toBe('pending_approval');
  });
});

describe('bin', () => {
  const body = { iin: '423456', brand_id: '1', type_id: '1', media_payment_id: 9, accreditation_days: '2' };
  it('creates, reads, updates and deletes a BIN; lookups filter by description LIKE', async () => {
    const created = await client.send('POST', '/bin/secure', body);
    expect(created.status).toBe(201);
    expect(created.body).toEqual(
      expect.objectContaining({
        id: '423456',
        brand: { id: '1', description: 'Visa' },
        subtype: null,
        accreditation_days: 2,
      }),
    );
    expect((await client.send('POST', '/bin/secure', body)).status).toBe(409);
    const updated = await client.send('PUT', '/bin/secure/423456', {
      ...body,
      subtype_id: '2',
      country: 'ARG',
      emisor_id: '1',
    });
    expect(updated.body).toEqual(
      expect.objectContaining({ subtype: { id: '2', description: 'Gold' }, country: 'ARG' }),
    );
    expect((await client.send('DELETE', '/bin/secure/423456')).body).toBe(true);
    expect((await client.get('/bin/secure/423456')).status).toBe(404);
    const brands = await client.list('/bin/marcas', {
      filters: [{ field: 'description', operation: 'LIKE', value: '%card%' }],
      page: 1,
      limit: 20,
    });
    expect(brands.body.rows.map((r: Loose) => r.description)).toEqual(['Argencard', 'Mastercard']);
  });

  it('answers false for a BIN in use; bulk delete is all or nothing', async () => {
    expect((await client.send('DELETE', '/bin/secure/450799')).body).toBe(false);
    const free = (
      await listAll(client, '/bin/secure', [{ field: 'in_use', operation: 'EQUAL', value: false }])
    ).slice(0, 2);
    expect((await client.send('POST', '/bin/delete-all', { ids: [free[0].id, '450799'] })).body).toBe(false);
    expect((await client.get(`/bin/secure/${free[0].id}`)).status).toBe(200);
    expect((await client.send('POST', '/bin/delete-all', { ids: free.map((b: Loose) => b.id) })).body).toBe(
      true,
    );
    expect((await client.get(`/bin/secure/${free[1].id}`)).status).toBe(404);
  });

  it('validates the body', async () => {
    expect((await client.send('POST', '/bin/secure', { ...body, iin: '12345' })).status).toBe(422);
    expect((await client.send('POST', '/bin/secure', { ...body, brand_id: '99' })).status).toBe(422);
    expect((await client.send('POST', '/bin/secure', { ...body, media_payment_id: 28 })).status).toBe(422);
    expect((await client.send('POST', '/bin/secure', { ...body, accreditation_days: 'x' })).status).toBe(422);
  });
});
