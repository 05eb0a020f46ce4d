import ExcelJS from 'exceljs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BATCH_FIXTURES } from '../src/services/batch/seed.js';
import { listAll, sharedClient, type Client, type Loose } from './helpers.js';

let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});
beforeEach(async () => {
  await client.send('POST', '/__admin/reset');
});

const base = '/batch/lotes';
const detail = async (id: string): Promise<Loose> => (await client.get(`${base}/${id}`)).body;
const download = (id: string, format: string) =>
  fetch(`${client.stubs.url}${base}/${id}/descargar/${format}`);

describe('batch service', () => {
  it('seeds every status, the payments’ batches with those payments as records, balances from the records', async () => {
    const rows = await listAll(client, base);
    const statuses = new Set(rows.map((r: Loose) => r.status));
    expect([...statuses].sort()).toEqual(['error', 'for_withdrawing', 'in_withdrawn', 'withdrawn']);
    const payments = await listAll(client, '/payment/pagos', [
      {
        field: 'batch_withdrawal.id',
        operation: 'EQUAL',
        value: rows.find((r: Loose) => r.status === 'withdrawn').id,
      },
    ]);
    expect(payments.length).toBeGreaterThan(0);
    const withdrawn = rows.find((r: Loose) => r.status === 'withdrawn');
    const records = (await client.get(`${base}/${withdrawn.id}/registros`)).body.rows as Loose[];
    expect(records.map((r) => r.payment_id).sort()).toEqual(payments.map((p: Loose) => p.id).sort());
    expect(withdrawn.record_count).toBe(records.length);
    const cents = records.reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
    expect(Math.round(withdrawn.balance * 100)).toBe(cents);
    for (const row of rows) expect(Math.round(row.balance * 100)).toBeCloseTo(row.balance * 100, 6);
  });

  it('filters by collector and creation date (start inclusive, end exclusive)', async () => {
    const fixture = await detail(BATCH_FIXTURES.forWithdrawing);
    const { body } = await client.list(base, {
      filters: [
        { field: 'collector_id', operation: 'EQUAL', value: '10001' },
        { field: 'creation_date', operation: 'GREATER_THAN_OR_EQUAL_TO', value: fixture.creation_date },
        { field: 'creation_date', operation: 'LESS_THAN', value: '2999-01-01T00:00:00.000Z' },
      ],
      limit: 100,
    });
    const ids = body.rows.map((r: Loose) => r.id);
    expect(ids).toEqual(expect.arrayContaining(Object.values(BATCH_FIXTURES)));
    expect(body.rows.every((r: Loose) => r.collector_id === '10001')).toBe(true);
  });

  it('reprocess: error -> for_withdrawing; refused outside error; a business failure leaves it in error', async () => {
    const ok = await client.send('POST', `${base}/reprocess/${BATCH_FIXTURES.errorBankRejected}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'for_withdrawing', error: null });
    expect((await detail(BATCH_FIXTURES.errorBankRejected)).status).toBe('for_withdrawing');

    const again = await client.send('POST', `${base}/reprocess/${BATCH_FIXTURES.errorBankRejected}`);
    expect(again).toMatchObject({ status: 409, body: { extended_code: 'batch_not_in_error' } });

    const failing = await client.send('POST', `${base}/reprocess/${BATCH_FIXTURES.errorNoAccount}`);
    expect(failing).toMatchObject({
      status: 422,
      body: { code: 'validation_error', extended_code: 'batch_destination_account_missing' },
    });
    expect((await detail(BATCH_FIXTURES.errorNoAccount)).status).toBe('error');
  });

  it('forced failures apply to reprocess (operation "reprocess")', async () => {
    await client.send('POST', '/__admin/failures', {
      service: 'batch',
      operation: 'reprocess',
      ids: [BATCH_FIXTURES.errorTimeout],
    });
    const failed = await client.send('POST', `${base}/reprocess/${BATCH_FIXTURES.errorTimeout}`);
    expect(failed.status).toBe(409);
    expect((await detail(BATCH_FIXTURES.errorTimeout)).status).toBe('error');
  });

  it('re-export only in in_withdrawn, counting the exports', async () => {
    const ok = await client.send('POST', `${base}/${BATCH_FIXTURES.inWithdrawn}/re-exportar`);
    expect(ok).toMatchObject({ status: 200, body: { export_count: 2 } });
    const refused = await client.send('POST', `${base}/${BATCH_FIXTURES.forWithdrawing}/re-exportar`);
    expect(refused).toMatchObject({ status: 409, body: { extended_code: 'batch_not_exported' } });
  });

  it('downloads real files listing the records; refuses empty, wrong status, xml of other versions', async () => {
    const batch = await detail(BATCH_FIXTURES.forWithdrawing);
    const records = (await client.get(`${base}/${batch.id}/registros`)).body.rows as Loose[];
    expect(records.length).toBe(4);

    const txt = await download(batch.id, 'txt');
    expect(txt.headers.get('content-disposition')).toContain(`lote-${batch.id}.txt`);
    const lines = (await txt.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      ['LOTE', batch.id, '10001', batch.collector_detail.name, '00004', '4', batch.balance.toFixed(2)].join(
        ';',
      ),
    );
    expect(lines.slice(2).map((l) => l.split(';')[0])).toEqual(records.map((r) => r.payment_id));

    const xml = await (await download(batch.id, 'xml')).text();
    expect(xml).toContain(`<lote id="${batch.id}"`);
    expect(xml.match(/<registro /g)).toHaveLength(4);

    const xlsx = await download(batch.id, 'xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(4).getCell(1).value).toBe(records[0].payment_id);
    expect(sheet.rowCount).toBe(3 + records.length);

    expect((await download(BATCH_FIXTURES.empty, 'txt')).status).toBe(409);
    expect((await download(BATCH_FIXTURES.errorTimeout, 'txt')).status).toBe(409);
    expect((await download(batch.id, 'pdf')).status).toBe(400);
    const other = (await listAll(client, base)).find(
      (r: Loose) => r.version === '00003' && r.status === 'in_withdrawn' && r.record_count > 0,
    );
    expect(other).toBeDefined();
    const refused = await download(other.id, 'xml');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Loose).extended_code).toBe('xml_not_available');
    expect((await download(other.id, 'txt')).status).toBe(200);
  });
});
