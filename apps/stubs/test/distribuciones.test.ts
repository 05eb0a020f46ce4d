import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { filter, listAll, sharedClient, type Client } from './helpers.js';

let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});
beforeEach(async () => {
  await client.send('POST', '/__admin/reset');
});

const base = '/distribuciones/distribuciones';
const CBU = '2850590940090418135201';
const CUIT = '30500010912';

describe('lote service', () => {
  it('lists transaction and gateway batches with every state and the batch filters', async () => {
    const gateways = await listAll(client, '/lote/lote/gateways');
    expect(new Set(gateways.map((g) => g.state))).toEqual(
      new Set(['open', 'pending', 'conciliated', 'close']),
    );
    const transactions = await listAll(client, '/lote/lote/transacciones');
    expect(transactions.length).toBeGreaterThan(10);
    const byNumber = await client.list('/lote/lote/gateways', {
      filters: [filter('batch_number', 'EQUAL', gateways[0].batch_number)],
    });
    expect(byNumber.body.size).toBe(1);
  });

  it('reconciles a batch: empty fields keep its values; a conciliated batch is refused', async () => {
    const path = '/lote/lote/gateway/conciliar/8200001';
    const done = await client.send('PUT', path, { description: '', compensation_amount: '250' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      state: 'conciliated',
      description: 'Lote Rapipago diario',
      compensation_amount: 250,
    });
    expect((await client.send('PUT', path, { description: 'x' })).status).toBe(409);
    const bad = await client.send('PUT', '/lote/lote/gateway/conciliar/8200002', {
      compensation_amount: '1,5',
    });
    expect(bad.status).toBe(422);
  });
});

describe('distributions service', () => {
  it('seeds every status, 6-digit payment ids, short signatures and totals equal to their details', async () => {
    const rows = await listAll(client, base);
    expect(new Set(rows.map((r) => r.status)).size).toBe(9);
    expect(rows.every((r) => /^\d{6}$/.test(r.payment_id) && r.collector.id.length <= 4)).toBe(true);
    const details = (await client.get(`${base}/9300003/detalles?page=1&limit=100`)).body;
    const cents = details.rows.reduce(
      (sum: number, d: { amount: number }) => sum + Math.round(d.amount * 100),
      0,
    );
    expect(cents).toBe(Math.round(rows.find((r) => r.id === '9300003').total_amount * 100));
  });

  it('counts by status with limit 1 (size)', async () => {
    const answer = await client.list(base, {
      filters: [filter('status', 'EQUAL', 'authorization_pending')],
      limit: 1,
    });
    expect(answer.body.rows).toHaveLength(1);
    expect(answer.body.size).toBeGreaterThanOrEqual(2);
  });

  it('approves and rejects only pending authorization; reprocesses from error', async () => {
    expect((await client.send('POST', `${base}/9300001/aprobar`)).body.status).toBe('pending');
    expect((await client.send('POST', `${base}/9300001/aprobar`)).status).toBe(409);
    expect((await client.send('POST', `${base}/9300002/rechazar`, {})).status).toBe(422);
    const rejected = await client.send('POST', `${base}/9300002/rechazar`, { status_detail: 'Duplicada' });
    expect(rejected.body).toMatchObject({ status: 'rejected', status_detail: 'Duplicada' });
    expect((await client.send('POST', `${base}/9300003/reprocesar`)).body.status).toBe('in_process');
    expect((await client.send('POST', `${base}/9300004/reprocesar`)).status).toBe(409);
  });

  it('edits a destination (checked), records who changed it, forces success, and refuses the wrong path', async () => {
    const path = `${base}/9300003/detalles/9300003-1`;
    const bad = await client.send('PUT', path, {
      destination: { type: 'cbu', value: '2850590940090418135200', cuit: CUIT, name: 'X' },
    });
    expect(bad.body.extended_code).toBe('invalid_cbu');
    const token = `x.${Buffer.from(JSON.stringify({ preferred_username: 'tesoreria' })).toString('base64url')}.y`;
    const ok = await client.send(
      'PUT',
      path,
      { destination: { type: 'ALIAS', value: 'mate.rio.sol', cuit: CUIT, name: 'Club' }, amount: 10.5 },
      { authorization: `Bearer ${token}` },
    );
    expect(ok.body).toMatchObject({
      status: 'error',
      destination: { type: 'alias', value: 'mate.rio.sol' },
      amount: 10.5,
    });
    expect(ok.body.destination_changes[0]).toMatchObject({
      user: 'tesoreria',
      previous: { type: expect.any(String) },
    });
    const forced = await client.send('PUT', path, {
      destination: { type: 'cbu', value: CBU, cuit: CUIT, name: 'Club' },
      status: 'success',
    });
    expect(forced.body.status).toBe('success');
    const scheduled = await client.send('PUT', `${base}/9300011/detalles/9300011-1`, {
      destination: { type: 'cbu', value: CBU, cuit: CUIT, name: 'Club' },
    });
    expect(scheduled.status).toBe(409);
    const programada = await client.send('PUT', `${base}/programadas/9300011/detalles/9300011-1`, {
      destination: { type: 'cbu', value: CBU, cuit: CUIT, name: 'Club' },
    });
    expect(programada.status).toBe(200);
  });

  it('sends a voucher of a paid detail only', async () => {
    const detail = (await client.get(`${base}/9300004/detalles?page=1&limit=100`)).body.rows[0];
    const sent = await client.send('POST', `${base}/9300004/detalles/${detail.id}/vouchers`, {
      email: 'a@b.com',
    });
    expect(sent.body).toMatchObject({ status: 'sent', email: 'a@b.com' });
    expect(
      (await client.send('POST', `${base}/9300003/detalles/9300003-1/vouchers`, { email: 'a@b.com' })).status,
    ).toBe(409);
  });
});

describe('distributions report', () => {
  it('writes the report as XLSX, CSV and JSON, one row per detail of the distributions in the range', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const from = '2000-01-01T00:00:00.000Z';
    const to = new Date(Date.now() + 86_400_000).toISOString();
    const query = `start_date=${encodeURIComponent(from)}&end_date=${encodeURIComponent(to)}&type=no_scheduled`;
    const xlsx = await fetch(`${client.stubs.url}${base}/exportar/xlsx?${query}`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain('distribuciones.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet('Distribuciones')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('ID');
    const json = (await (
      await fetch(`${client.stubs.url}${base}/exportar/json?${query}`)
    ).json()) as unknown[];
    expect(sheet.rowCount - 1).toBe(json.length);
    const csv = await (await fetch(`${client.stubs.url}${base}/exportar/csv?${query}`)).text();
    expect(csv.trim().split('\n')).toHaveLength(json.length + 1);
    expect((await fetch(`${client.stubs.url}${base}/exportar/pdf`)).status).toBe(400);
  });
});
