import ExcelJS from 'exceljs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { argentineDateTime, WITHDRAW_STATUS_TEXTS } from '@backoffice/validators';
import { sharedClient, type Client, type Loose } from './helpers.js';

let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});
beforeEach(async () => {
  await client.send('POST', '/__admin/reset');
});

const W = '/withdraw/retiros';
const A = '/withdrawal/retiros';

describe('withdraw service (transfer list)', () => {
  it('lists with filters, request_date ascending by default, every status seeded', async () => {
    const { status, body } = await client.list(W, { limit: 1000 });
    expect(status).toBe(200);
    const dates = body.rows.map((r: { request_date: string }) => r.request_date);
    expect([...dates].sort()).toEqual(dates);
    const statuses = new Set(body.rows.map((r: { status: string }) => r.status));
    expect([...statuses].sort()).toEqual(['pending', 'rejected', 'transferred']);
    const pending = await client.list(W, {
      filters: [
        { field: 'status', value: 'pending', operation: 'EQUAL' },
        { field: 'collector_id', value: '10002', operation: 'EQUAL' },
      ],
    });
    const ids = pending.body.rows.map((r: { id: string }) => r.id);
    expect(ids.filter((id: string) => id <= '5000010')).toEqual(['5000001', '5000002', '5000005']);
  });

  it('transfers and rejects only pending ones; the reason is status_detail', async () => {
    const ok = await client.send('POST', `${W}/transferir/5000001`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'transferred', transfer_date: expect.any(String) });
    const again = await client.send('POST', `${W}/transferir/5000001`);
    expect(again.body.extended_code).toBe('withdraw_not_pending');
    const noReason = await client.send('POST', `${W}/rechazar/5000002`, {});
    expect(noReason.status).toBe(422);
    const rejected = await client.send('POST', `${W}/rechazar/5000002`, { status_detail: 'CBU errónea' });
    expect(rejected.body).toMatchObject({ status: 'rejected', status_detail: 'CBU errónea' });
  });

  it('downloads real xlsx, txt and xml files; not for rejected ones', async () => {
    const base = client.stubs.url;
    const txt = await fetch(`${base}${W}/5000007/descargar/txt`);
    expect(txt.headers.get('content-disposition')).toContain('retiro-5000007.txt');
    const text = await txt.text();
    expect(text.split('\n')[1]).toContain('5000007|10002|');
    // As the screen shows it: the dates in Argentine time, the status's Spanish label.
    const withdraw = (await client.get(`${W}/5000007`)).body as Loose;
    const [header, line] = text.split('\n').map((l) => l.split('|'));
    const field = (key: string) => line![header!.indexOf(key)];
    expect(field('fecha_solicitud')).toBe(argentineDateTime(withdraw.request_date));
    expect(field('fecha_solicitud')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(field('estado')).toBe(
      WITHDRAW_STATUS_TEXTS[withdraw.status as keyof typeof WITHDRAW_STATUS_TEXTS],
    );
    expect(text).not.toMatch(/\|(pending|transferred)\b|T\d{2}:\d{2}:\d{2}/);
    const xml = await (await fetch(`${base}${W}/5000007/descargar/xml`)).text();
    expect(xml).toContain('<retiro><id>5000007</id>');
    expect(xml).toContain(`<fecha_solicitud>${argentineDateTime(withdraw.request_date)}</fecha_solicitud>`);
    const xlsx = await fetch(`${base}${W}/5000007/descargar/xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    const sheet = workbook.getWorksheet('Retiro')!;
    expect(sheet.getRow(2).getCell(1).value).toBe('5000007');
    expect(sheet.getRow(2).getCell(11).value).toBe(field('estado'));
    expect((await fetch(`${base}${W}/5000009/descargar/txt`)).status).toBe(409);
    expect((await fetch(`${base}${W}/5000007/descargar/pdf`)).status).toBe(400);
  });

  it('re-exports pending or transferred ones', async () => {
    const ok = await client.send('POST', `${W}/5000007/re-exportar`);
    expect(ok.body.export_date).toEqual(expect.any(String));
    expect((await client.send('POST', `${W}/5000009/re-exportar`)).status).toBe(409);
  });
});

describe('withdrawal service (authorization)', () => {
  it('authorizes and refuses only pending_authorization, with both path spellings', async () => {
    const ok = await client.send('POST', `${A}/6000001/autorizar/`);
    expect(ok.body).toMatchObject({ status: 'authorized', approved_date: expect.any(String) });
    expect((await client.send('POST', `${A}/6000001/autorizar`)).status).toBe(409);
    const refused = await client.send('POST', `${A}/6000002/rechazar/`, { status_detail: 'Sin fondos' });
    expect(refused.body).toMatchObject({ status: 'refused', status_detail: 'Sin fondos' });
  });

  it('filters by status and request date', async () => {
    const { body } = await client.list(A, {
      filters: [{ field: 'status', value: 'pending_authorization', operation: 'EQUAL' }],
      sorts: 'request_date:desc',
    });
    expect(body.size).toBeGreaterThanOrEqual(8);
  });
});

describe('collector configuration', () => {
  it('adds, lists and disables entries; one active entry per variable', async () => {
    const vars = await client.get('/collector/configuraciones/variables');
    expect(vars.body.rows.map((v: { name: string }) => v.name)).toEqual([
      'scheduled_cron',
      'scheduled_destination_account',
      'scheduled_amount',
      'scheduled_min_amount',
    ]);
    const add = await client.send('POST', '/collector/comercios/10002/configuraciones', {
      commerce_config_vars: { id: 1 },
      value: '0 9 * * 1',
    });
    expect(add.status).toBe(201);
    const twice = await client.send('POST', '/collector/comercios/10002/configuraciones', {
      commerce_config_vars: { id: 1 },
      value: '0 10 * * 1',
    });
    expect(twice.body.extended_code).toBe('configuration_already_active');
    const bad = await client.send('POST', '/collector/comercios/10002/configuraciones', {
      commerce_config_vars: { id: 2 },
      value: '1'.repeat(23),
    });
    expect(bad.status).toBe(422);
    const disabled = await client.send('POST', `/collector/configuraciones/${add.body.id}/deshabilitar`);
    expect(disabled.body.delete_date).toEqual(expect.any(String));
    const list = await client.get('/collector/comercios/10002/configuraciones');
    expect(list.body.rows).toHaveLength(1);
    const seeded = await client.get('/collector/comercios/10006/configuraciones');
    expect(seeded.body.rows).toHaveLength(3);
  });
});
