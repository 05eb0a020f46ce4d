import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { argentineDateTime, PAYMENT_STATUS_TEXTS, SUBSCRIPTION_TYPE_TEXTS } from '@backoffice/validators';
import { sharedClient, type Client, type Loose } from './helpers.js';

let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});
beforeEach(async () => {
  await client.send('POST', '/__admin/reset');
});

/** Every payment matching the filters, across all pages, through the payment service's own list. */
async function allPayments(filters: unknown[]): Promise<Loose[]> {
  const rows: Loose[] = [];
  for (let page = 1; ; page++) {
    const { body } = await client.list('/payment/pagos', { filters, page, limit: 1000 });
    rows.push(...body.rows);
    if (rows.length >= body.size) return rows;
  }
}

const download = (id: string) => fetch(`${client.stubs.url}/export/exportaciones/${id}/descargar`);

describe('export service', () => {
  it('seeds finished and failed jobs over three months, listed newest first with the list convention', async () => {
    const { body } = await client.list('/export/exportaciones', { limit: 100 });
    expect(body.size).toBe(12);
    const dates = body.rows.map((r: Loose) => r.created_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(body.rows.map((r: Loose) => r.status))).toEqual(new Set(['finished', 'error']));
    expect(new Set(body.rows.map((r: Loose) => r.format))).toEqual(new Set(['xlsx', 'csv', 'json']));
    const finished = await client.list('/export/exportaciones', {
      filters: [
        { field: 'status', operation: 'EQUAL', value: 'finished' },
        { field: 'type', operation: 'EQUAL', value: 'payments' },
      ],
    });
    expect(finished.body.size).toBeGreaterThan(0);
    expect(finished.body.rows.every((r: Loose) => r.status === 'finished' && r.type === 'payments')).toBe(
      true,
    );
  });

  it('a job runs pending -> processing -> finished over the processing time, with progress and records', async () => {
    await client.send('POST', '/export/__admin/processing', { processing_ms: 2_000 });
    const filters = [{ field: 'status', operation: 'EQUAL', value: 'approved' }];
    const created = await client.send('POST', '/export/exportaciones', {
      type: 'payments',
      format: 'csv',
      filters: JSON.stringify(filters),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', progress: 0, records: 0, updated_date: null });
    const refused = await download(created.body.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Loose).extended_code).toBe('export_not_finished');
    // Two waits, not one poll for 'finished': on a loaded machine one slow poll can step over the
    // 'processing' window, so the test first waits for that state (1.5 s wide) and then for the end.
    const status = async () => (await client.get(`/export/exportaciones/${created.body.id}`)).body;
    await vi.waitFor(async () => expect((await status()).status).toBe('processing'), {
      timeout: 10_000,
      interval: 50,
    });
    await vi.waitFor(async () => expect((await status()).status).toBe('finished'), {
      timeout: 20_000,
      interval: 100,
    });
    const { body: job } = await client.get(`/export/exportaciones/${created.body.id}`);
    expect(job.progress).toBe(100);
    expect(job.records).toBe((await allPayments(filters)).length);
    expect(job.updated_date).not.toBeNull();
  });

  it('a job held running finishes at once on POST /export/__admin/finish', async () => {
    // Held for the longest time the control allows: a loaded CI host once took 300 ms between the job's creation and
    // the finish call, and the job had finished on its own.
    await client.send('POST', '/export/__admin/processing', { processing_ms: 600_000 });
    const { body: job } = await client.send('POST', '/export/exportaciones', {
      type: 'subscription',
      format: 'csv',
    });
    expect(job.status).toBe('pending');
    const { body: finished } = await client.send('POST', '/export/__admin/finish');
    expect(finished.finished).toEqual([job.id]);
    const { body: now } = await client.get(`/export/exportaciones/${job.id}`);
    expect(now).toMatchObject({ status: 'finished', progress: 100 });
    expect(now.records).toBeGreaterThan(0);
  });

  it('a finished job ends in error on POST /export/__admin/fail: its file is refused as not finished', async () => {
    const { body: failed } = await client.send('POST', '/export/__admin/fail', { id: '7000001' });
    expect(failed).toMatchObject({ id: '7000001', status: 'error' });
    const refused = await download('7000001');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Loose).extended_code).toBe('export_not_finished');
  });

  it('downloads exactly the rows matching the filter, across every page, as xlsx, csv and json', async () => {
    await client.send('POST', '/export/__admin/processing', { processing_ms: 0 });
    const { body: first } = await client.list('/payment/pagos', { limit: 1 });
    const collector = first.rows[0].collector_id;
    const filters = [{ field: 'collector_id', operation: 'EQUAL', value: collector }];
    const expected = await allPayments(filters);
    expect(expected.length).toBeGreaterThan(25); // more than one page of the list
    const expectedIds = expected.map((p) => p.id);

    const ids: Record<string, string> = {};
    for (const format of ['xlsx', 'csv', 'json']) {
      const { body } = await client.send('POST', '/export/exportaciones', {
        type: 'payments',
        format,
        filters,
      });
      expect(body.status).toBe('finished');
      expect(body.records).toBe(expected.length);
      ids[format] = body.id;
    }

    const json = await download(ids.json!);
    expect(json.headers.get('content-disposition')).toContain(`exportacion-${ids.json}.json`);
    const rows = (await json.json()) as Loose[];
    expect(rows.map((r) => r.id)).toEqual(expectedIds);
    expect(rows[0]).toEqual({
      id: expected[0].id,
      collector_id: collector,
      payer_name: expected[0].payer.name,
      payer_email: expected[0].payer.email,
      // As the screens show them: the status's Spanish label, the date in Argentine time.
      status: PAYMENT_STATUS_TEXTS[expected[0].status as keyof typeof PAYMENT_STATUS_TEXTS],
      final_amount: expected[0].final_amount.toFixed(2),
      currency_id: expected[0].currency_id,
      request_date: argentineDateTime(expected[0].request_date),
      external_transaction_id: expected[0].external_transaction_id,
    });

    const csv = parse(await (await download(ids.csv!)).text(), { columns: true }) as Loose[];
    expect(csv.map((r) => r.ID)).toEqual(expectedIds);
    expect(Object.keys(csv[0])).toContain('Importe');
    expect(csv[0]).toMatchObject({
      Estado: rows[0]!.status,
      'Fecha de solicitud': expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/),
    });

    const xlsx = await download(ids.xlsx!);
    expect(xlsx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet('Pagos')!;
    const xlsxIds: string[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) xlsxIds.push(String(row.getCell(1).value));
    });
    expect(xlsxIds).toEqual(expectedIds);
    expect([sheet.getRow(2).getCell(5).value, sheet.getRow(2).getCell(8).value]).toEqual([
      rows[0]!.status,
      rows[0]!.request_date,
    ]);
  });

  it('exports subscriptions from the subscription store', async () => {
    await client.send('POST', '/export/__admin/processing', { processing_ms: 0 });
    const filters = [{ field: 'status', operation: 'EQUAL', value: 'active' }];
    const { body: list } = await client.list('/subscription/suscripciones', { filters, limit: 1000 });
    const { body } = await client.send('POST', '/export/exportaciones', {
      type: 'subscription',
      format: 'json',
      filters: JSON.stringify(filters),
    });
    const rows = (await (await download(body.id)).json()) as Loose[];
    expect(rows.map((r) => r.id).sort()).toEqual(list.rows.map((r: Loose) => r.id).sort());
    // Spanish labels and Argentine time, as the screens show them: no 'active', 'adhesion' or UTC.
    expect(rows.every((r) => r.status === 'Activa')).toBe(true);
    const byId = new Map(list.rows.map((r: Loose) => [r.id, r]));
    for (const row of rows) {
      const source = byId.get(row.id) as Loose;
      expect(row.type).toBe(SUBSCRIPTION_TYPE_TEXTS[source.type as keyof typeof SUBSCRIPTION_TYPE_TEXTS]);
      expect(row.request_date).toBe(argentineDateTime(source.request_date));
    }
    expect(rows.some((r) => r.type === 'Adhesión')).toBe(true);
  });

  it('refuses a bad type, format or filter, and an unknown id', async () => {
    const bad = async (body: unknown) => (await client.send('POST', '/export/exportaciones', body)).body;
    expect((await bad({ type: 'pagos', format: 'csv' })).extended_code).toBe('invalid_type');
    expect((await bad({ type: 'payments', format: 'pdf' })).extended_code).toBe('invalid_format');
    expect(
      (
        await bad({
          type: 'payments',
          format: 'csv',
          filters: '[{"field":"nope","operation":"EQUAL","value":1}]',
        })
      ).extended_code,
    ).toBe('invalid_filters');
    expect((await client.get('/export/exportaciones/1')).status).toBe(404);
  });
});
