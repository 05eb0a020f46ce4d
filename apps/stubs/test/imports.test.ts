import { readFileSync } from 'node:fs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedClient, type Client, type Loose } from './helpers.js';

let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});
beforeEach(async () => {
  await client.send('POST', '/__admin/reset');
});

const sample = (name: string) => readFileSync(new URL(`../samples/imports/${name}`, import.meta.url));

async function upload(path: string, fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('file', new Blob([file.bytes]), file.name);
  const response = await fetch(`${client.stubs.url}${path}`, { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Loose };
}

const importFile = (name: string, fields: Record<string, string> = {}) =>
  upload('/import/pagos', { collector_id: '10001', ...fields }, { name, bytes: sample(name) });

describe('import service', () => {
  it('imports the clean CSV as pending rows, and approval issues real payments', async () => {
    const created = await importFile('pagos-ok.csv');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'pending_approved',
      request_count: 5,
      pending_count: 5,
      error_count: 0,
      total_amount: 112500.49,
      collector_id: '10001',
    });
    const id = created.body.import_id as string;
    const rows = (await client.get(`/import/pagos/${id}/detalles`)).body;
    expect(rows.rows.map((row: Loose) => row.index)).toEqual([1, 2, 3, 4, 5]);
    expect(rows.rows[4]).toMatchObject({
      concept_description: 'Cuota social diciembre, grupo familiar',
      amount: 21999.99,
    });

    const approved = await client.send('POST', `/import/pagos/aprobar/${id}`);
    expect(approved.body).toMatchObject({ status: 'approved', issued_count: 5, issued_amount: 112500.49 });
    const issued = (await client.get(`/import/pagos/${id}/detalles?sorts=index:desc`)).body.rows;
    expect(issued[0]).toMatchObject({ index: 5, status: 'issued' });
    const payment = (await client.get(`/payment/pagos/${issued[0].payment_id}`)).body;
    expect(payment).toMatchObject({
      status: 'issued',
      final_amount: 21999.99,
      external_transaction_id: 'IMP-DEMO-0005',
      collector_id: '10001',
    });
    expect((await client.send('POST', `/import/pagos/aprobar/${id}`)).status).toBe(409);
  });

  it('validates each row of the file with errors on its own', async () => {
    const created = await importFile('pagos-con-errores.csv');
    expect(created.body).toMatchObject({ request_count: 6, pending_count: 2, error_count: 4 });
    const errors = (
      await client.list(`/import/pagos/${created.body.import_id}/detalles`, {
        filters: [{ field: 'status', operation: 'EQUAL', value: 'error' }],
      })
    ).body.rows;
    expect(errors.map((row: Loose) => row.index)).toEqual([2, 3, 4, 5]);
    expect(errors[2].status_detail).toContain('payer_email');
    expect(errors[3].status_detail).toContain('repetido');
  });

  it('reads an amount cell typed the Argentine way ("26.717,23") and names what is wrong with the others', async () => {
    const header = 'external_transaction_id,concept_id,concept_description,amount,payer_email';
    const line = (id: string, amount: string) => `${id},CUO,Cuota,${amount},ana.sosa@outlook.com`;
    const csv = [
      header,
      line('AR-1', '"26.717,23"'),
      line('AR-2', '"26717,23"'),
      line('AR-3', '26717.23'),
      line('AR-4', '"1.234,567"'),
      line('AR-5', 'abc'),
      line('AR-6', '0'),
      line('AR-7', ''),
      line('AR-8', '-5'),
    ].join('\n');
    const created = await upload(
      '/import/pagos',
      { collector_id: '10001' },
      { name: 'argentino.csv', bytes: Buffer.from(csv) },
    );
    expect(created.body).toMatchObject({ request_count: 8, pending_count: 3, total_amount: 80151.69 });
    const rows = (await client.get(`/import/pagos/${created.body.import_id}/detalles?size=20`)).body.rows;
    expect(rows.map((row: Loose) => [row.index, row.amount, row.errors])).toEqual([
      [1, 26717.23, []],
      [2, 26717.23, []],
      [3, 26717.23, []],
      [4, null, ['El importe (amount) 1.234,567 tiene más de dos decimales']],
      [5, null, ['El importe (amount) abc no es un importe: escríbalo como 26.717,23 o 26717.23']],
      [6, null, ['El importe (amount) debe ser mayor a cero']],
      [7, null, ['Falta el importe (amount)']],
      [8, null, ['El importe (amount) -5 es negativo']],
    ]);
  });

  it('reads the XLSX sample', async () => {
    const created = await importFile('pagos.xlsx');
    expect(created.body).toMatchObject({ request_count: 3, pending_count: 3, total_amount: 44601 });
  });

  it('refuses mixed match options, unknown collectors, other files and missing columns', async () => {
    expect(
      (await importFile('pagos-ok.csv', { match_identification: 'true', match_payer: 'true' })).status,
    ).toBe(422);
    expect((await importFile('pagos-ok.csv', { collector_id: '99999' })).status).toBe(404);
    const other = await upload(
      '/import/pagos',
      { collector_id: '10001' },
      { name: 'a.txt', bytes: Buffer.from('x') },
    );
    expect(other).toMatchObject({ status: 422, body: { extended_code: 'invalid_file_type' } });
    const columns = await upload(
      '/import/pagos',
      { collector_id: '10001' },
      { name: 'a.csv', bytes: Buffer.from('foo,bar\n1,2\n') },
    );
    expect(columns.body.message).toContain('external_transaction_id');
    expect((await upload('/import/pagos', { collector_id: '10001' })).status).toBe(400);
  });

  it('cancels with a status_detail; lists newest first', async () => {
    const list = (await client.get('/import/pagos')).body;
    expect(list.size).toBeGreaterThan(3);
    const pending = list.rows.find((row: Loose) => row.status === 'pending_approved');
    expect((await client.send('POST', `/import/pagos/cancelar/${pending.id}`, {})).status).toBe(422);
    const cancelled = await client.send('POST', `/import/pagos/cancelar/${pending.id}`, {
      status_detail: 'Duplicado',
    });
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      status_detail: 'Duplicado',
      import_id: pending.id,
    });
  });
});

describe('converter service', () => {
  const configurations = (metadata: Record<string, unknown> = {}) =>
    JSON.stringify({
      type: 'payments',
      origin_id: '1',
      destination_id: '100',
      metadata: {
        collector_id: '10001',
        match_payer: false,
        match_concept: false,
        match_identification: false,
        ...metadata,
      },
    });

  it('converts the bank file: error rows answered, the rest imported', async () => {
    const answer = await upload(
      '/converter/convertir/api',
      { configurations: configurations() },
      { name: 'banco-provincia-debitos.csv', bytes: sample('banco-provincia-debitos.csv') },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.error_rows.map((row: Loose) => row.index)).toEqual([3, 4]);
    expect(answer.body.api_response).toMatchObject({
      status: 'pending_approved',
      request_count: 3,
      total_amount: 5730.65,
    });
    const imported = await client.get(`/import/pagos/${answer.body.api_response.import_id}`);
    expect(imported.status).toBe(200);
  });

  it('lists configurations with filters and refuses unknown ones', async () => {
    const origins = await client.list('/converter/configuraciones', {
      filters: [
        { field: 'kind', operation: 'EQUAL', value: 'origin' },
        { field: 'status', operation: 'EQUAL', value: 'active' },
      ],
    });
    expect(origins.body.rows.map((row: Loose) => row.id).sort()).toEqual(['1', '2']);
    const unknown = await upload(
      '/converter/convertir/api',
      {
        configurations: JSON.stringify({
          type: 'payments',
          origin_id: '9',
          destination_id: '100',
          metadata: { collector_id: '10001' },
        }),
      },
      { name: 'pagos-ok.csv', bytes: sample('pagos-ok.csv') },
    );
    expect(unknown.status).toBe(404);
  });
});

describe('transfer service', () => {
  it('lists conciliations and conciliates a pending one once', async () => {
    const pending = await client.list('/transfer/conciliaciones', {
      filters: [{ field: 'status', operation: 'EQUAL', value: 'pending' }],
    });
    expect(pending.body.size).toBeGreaterThan(5);
    const row = pending.body.rows[0];
    expect(row.payer_id).toMatch(/^\d{11}$/);
    expect((await client.get(`/payment/pagos/${row.payment_id}`)).status).toBe(200);
    const done = await client.send('POST', `/transfer/conciliaciones/forzar-conciliacion/${row.id}`);
    expect(done.body).toMatchObject({ id: row.id, status: 'conciliated' });
    expect((await client.send('POST', `/transfer/conciliaciones/forzar-conciliacion/${row.id}`)).status).toBe(
      409,
    );
  });
});
