import { beforeAll, describe, expect, it } from 'vitest';
import { filter, listAll, sharedClient, type Client, type Loose } from './helpers.js';

let client: Client;
beforeAll(async () => {
  client = await sharedClient();
});

const AR_OFFSET = 3 * 3_600_000;
function currentMonthRangeAr(): { from: string; to: string } {
  const local = new Date(Date.now() - AR_OFFSET);
  const from = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) + AR_OFFSET;
  const to = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) + AR_OFFSET - 1;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

describe('paged lists', () => {
  it('answers {rows, page, limit, size} with defaults page 1, limit 10, newest first', async () => {
    const { status, body } = await client.get('/payment/pagos');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['limit', 'page', 'rows', 'size']);
    expect(body.page).toBe(1);
    expect(body.limit).toBe(10);
    expect(body.rows).toHaveLength(10);
    expect(body.size).toBeGreaterThanOrEqual(2000);
    const dates = body.rows.map((row: Loose) => row.request_date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages consistently and answers empty rows past the end', async () => {
    const sorts = 'final_amount:desc';
    const ten = await client.list('/payment/pagos', { limit: 10, sorts });
    const second = await client.list('/payment/pagos', { limit: 5, page: 2, sorts });
    expect(second.body.rows.map((row: Loose) => row.id)).toEqual(
      ten.body.rows.slice(5).map((row: Loose) => row.id),
    );
    expect(second.body).toMatchObject({ page: 2, limit: 5, size: ten.body.size });
    const past = await client.list('/payment/pagos', { limit: 1000, page: 99 });
    expect(past.body.rows).toEqual([]);
    expect(past.body.size).toBe(ten.body.size);
  });

  it('accepts limit up to 1000 and rejects bad paging', async () => {
    expect((await client.list('/payment/pagos', { limit: 1000 })).body.rows).toHaveLength(1000);
    for (const params of [{ limit: 1001 }, { limit: 0 }, { page: 0 }, { page: -1 }]) {
      const { status, body } = await client.list('/payment/pagos', params);
      expect(status).toBe(400);
      expect(body.code).toBe('bad_request');
      expect(body.extended_code).toBe('invalid_filters');
    }
    expect((await client.get('/payment/pagos?limit=abc')).status).toBe(400);
  });
});

describe('filters', () => {
  it('EQUAL on a nested field (payer.email), case-insensitive', async () => {
    const rows = await listAll(client, '/payment/pagos', [
      filter('payer.email', 'EQUAL', 'Maria.Gonzalez@gmail.com'),
    ]);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const row of rows) expect(row.payer.email).toBe('maria.gonzalez@gmail.com');
  });

  it('EQUAL on id finds exactly one payment', async () => {
    const { body } = await client.list('/payment/pagos', { filters: [filter('id', 'EQUAL', '1000001')] });
    expect(body.size).toBe(1);
    expect(body.rows[0].id).toBe('1000001');
  });

  it('EQUAL combines (AND) with other filters: collector_id and status', async () => {
    const rows = await listAll(client, '/payment/pagos', [
      filter('collector_id', 'EQUAL', '10001'),
      filter('status', 'EQUAL', 'approved'),
    ]);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect([row.collector_id, row.status]).toEqual(['10001', 'approved']);
  });

  it('EQUAL on external_transaction_id', async () => {
    const { body: detail } = await client.get('/payment/pagos/1000003');
    const { body } = await client.list('/payment/pagos', {
      filters: [filter('external_transaction_id', 'EQUAL', detail.external_transaction_id)],
    });
    expect(body.rows.map((row: Loose) => row.id)).toContain('1000003');
  });

  it('CONTAINS is case- and accent-insensitive (payer.name)', async () => {
    const rows = await listAll(client, '/payment/pagos', [filter('payer.name', 'CONTAINS', 'GONZALEZ')]);
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.some((row) => row.payer.name.includes('González'))).toBe(true);
    for (const row of rows) {
      expect(
        row.payer.name
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
      ).toContain('gonzalez');
    }
  });

  it('LIKE with % and _ wildcards, case-insensitive', async () => {
    const rows = await listAll(client, '/payment/pagos', [filter('payer.email', 'LIKE', 'MARIA.GONZ_LEZ@%')]);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    for (const row of rows) expect(row.payer.email).toBe('maria.gonzalez@gmail.com');
    const none = await client.list('/payment/pagos', {
      filters: [filter('payer.email', 'LIKE', 'maria.gonzalez')],
    });
    expect(none.body.size).toBe(0);
  });

  it('matches an array path if ANY element matches (payment_methods.media_payment_id)', async () => {
    const rows = await listAll(client, '/payment/pagos', [
      filter('payment_methods.media_payment_id', 'EQUAL', 94),
    ]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.payment_methods.map((m: Loose) => m.media_payment_id)).toContain(94);
    // 1000016 pays with debit (10) and transfer (94): found by its second method.
    expect(rows.map((row) => row.id)).toContain('1000016');
  });

  it('IN takes an array of values', async () => {
    const rows = await listAll(client, '/payment/pagos', [
      filter('payment_methods.media_payment_id', 'IN', [92, 2]),
    ]);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(
        row.payment_methods.some((m: Loose) => m.media_payment_id === 92 || m.media_payment_id === 2),
      ).toBe(true);
    }
    const ids = await client.list('/payment/pagos', {
      filters: [filter('id', 'IN', ['1000001', '1000002', 'x'])],
    });
    expect(ids.body.size).toBe(2);
  });

  it('GREATER_THAN_OR_EQUAL_TO / LESS_THAN_OR_EQUAL_TO on request_date (the current month)', async () => {
    const { from, to } = currentMonthRangeAr();
    const rows = await listAll(client, '/payment/pagos', [
      filter('request_date', 'GREATER_THAN_OR_EQUAL_TO', from),
      filter('request_date', 'LESS_THAN_OR_EQUAL_TO', to),
    ]);
    expect(rows.length).toBeGreaterThanOrEqual(150);
    for (const row of rows) {
      expect(Date.parse(row.request_date)).toBeGreaterThanOrEqual(Date.parse(from));
      expect(Date.parse(row.request_date)).toBeLessThanOrEqual(Date.parse(to));
    }
  });

  it('compares dates by instant whatever the offset of the filter value', async () => {
    const { from } = currentMonthRangeAr();
    const local = new Date(Date.parse(from) - 3 * 3_600_000).toISOString().replace('Z', '-03:00');
    const utc = await client.list('/payment/pagos', {
      filters: [filter('request_date', 'GREATER_THAN_OR_EQUAL_TO', from)],
    });
    const offset = await client.list('/payment/pagos', {
      filters: [filter('request_date', 'GREATER_THAN_OR_EQUAL_TO', local)],
    });
    expect(offset.body.size).toBe(utc.body.size);
  });

  it('ranges on refunded_date only match refunded payments', async () => {
    const from = new Date(Date.now() - 200 * 86_400_000).toISOString();
    const rows = await listAll(client, '/payment/pagos', [
      filter('refunded_date', 'GREATER_THAN_OR_EQUAL_TO', from),
    ]);
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows) expect(row.refunded_date).not.toBeNull();
  });

  it('LESS_THAN compares amounts numerically', async () => {
    const rows = await listAll(client, '/payment/pagos', [filter('final_amount', 'LESS_THAN', 10000)]);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.final_amount).toBeLessThan(10000);
    const strict = await listAll(client, '/payment/pagos', [filter('final_amount', 'LESS_THAN', '10000')]);
    expect(strict.length).toBe(rows.length);
  });

  it.each([
    ['not JSON', 'nope'],
    ['not an array', JSON.stringify({ field: 'id', value: 1, operation: 'EQUAL' })],
    ['unknown operation', JSON.stringify([filter('id', 'STARTS_WITH', '1')])],
    ['unknown field', JSON.stringify([filter('payer.emial', 'EQUAL', 'x')])],
    ['invalid path', JSON.stringify([filter('payer..email', 'EQUAL', 'x')])],
    ['missing value', JSON.stringify([{ field: 'id', operation: 'EQUAL' }])],
    ['IN without array', JSON.stringify([filter('id', 'IN', '1000001')])],
    ['object value', JSON.stringify([filter('id', 'EQUAL', { a: 1 })])],
  ])('400 invalid_filters on malformed filters: %s', async (_name, raw) => {
    const { status, body } = await client.list('/payment/pagos', { filters: raw });
    expect(status).toBe(400);
    expect(body).toEqual({
      code: 'bad_request',
      extended_code: 'invalid_filters',
      message: expect.any(String),
    });
  });
});

describe('sorting', () => {
  it('sorts amounts numerically', async () => {
    const asc = await client.list('/payment/pagos', { sorts: 'final_amount:asc', limit: 200 });
    const amounts = asc.body.rows.map((row: Loose) => row.final_amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    const desc = await client.list('/payment/pagos', { sorts: 'final_amount:desc', limit: 200 });
    const descAmounts = desc.body.rows.map((row: Loose) => row.final_amount);
    expect(descAmounts).toEqual([...descAmounts].sort((a, b) => b - a));
  });

  it('sorts names case- and accent-insensitively, then by the next key (stable)', async () => {
    const rows = await listAll(client, '/payment/pagos', [filter('collector_id', 'EQUAL', '10001')]);
    const { body } = await client.list('/payment/pagos', {
      filters: [filter('collector_id', 'EQUAL', '10001')],
      sorts: 'payer.name:asc,request_date:desc',
      limit: 1000,
    });
    expect(body.rows).toHaveLength(rows.length);
    const fold = (text: string) =>
      text
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
    for (let i = 1; i < body.rows.length; i++) {
      const [a, b] = [body.rows[i - 1], body.rows[i]];
      expect(fold(a.payer.name) <= fold(b.payer.name)).toBe(true);
      if (fold(a.payer.name) === fold(b.payer.name)) expect(a.request_date >= b.request_date).toBe(true);
    }
  });

  it('sorts by status and by request_date ascending', async () => {
    const byStatus = await client.list('/payment/pagos', { sorts: 'status:desc', limit: 1000 });
    const statuses = byStatus.body.rows.map((row: Loose) => row.status);
    expect(statuses).toEqual([...statuses].sort().reverse());
    const byDate = await client.list('/payment/pagos', { sorts: 'request_date:asc', limit: 50 });
    const dates = byDate.body.rows.map((row: Loose) => row.request_date);
    expect(dates).toEqual([...dates].sort());
  });

  it.each(['request_date:up', 'nope:asc', 'request_date:asc:desc', ':asc'])(
    '400 invalid_filters on malformed sorts: %s',
    async (sorts) => {
      const { status, body } = await client.list('/payment/pagos', { sorts });
      expect(status).toBe(400);
      expect(body.extended_code).toBe('invalid_filters');
    },
  );
});

describe('payment detail and collectors', () => {
  it('GET /pagos/{id} answers the current version; unknown ids 404', async () => {
    const { status, body } = await client.get('/payment/pagos/1000001');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: '1000001',
      status: 'approved',
      last_modified: true,
      collector_id: '10001',
    });
    const missing = await client.get('/payment/pagos/999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      code: 'not_found',
      extended_code: 'payment_not_found',
      message: expect.any(String),
    });
  });

  it('lists collectors with IN and CONTAINS, and answers details and balances', async () => {
    const byId = await client.list('/collector/comercios', {
      filters: [filter('id', 'IN', ['10001', '10003'])],
    });
    expect(byId.body.rows.map((row: Loose) => row.id)).toEqual(['10001', '10003']);
    const clubs = await client.list('/collector/comercios', {
      filters: [filter('name', 'CONTAINS', 'CLUB')],
      limit: 100,
    });
    expect(clubs.body.size).toBeGreaterThanOrEqual(3);
    for (const row of clubs.body.rows) expect(row.name.toLowerCase()).toContain('club');
    const detail = await client.get('/collector/comercios/10001');
    expect(detail.body).toMatchObject({
      id: '10001',
      signature: '10001',
      withdrawal_strategy: 'batch_accreditation',
      batch_version: '00004',
    });
    const balance = await client.get('/collector/comercios/10001/saldo');
    expect(balance.body).toMatchObject({ collector_id: '10001', currency_id: 'ARS' });
    expect(balance.body.available_amount).toBeGreaterThan(0);
    const missing = await client.get('/collector/comercios/99999');
    expect(missing.status).toBe(404);
    expect(missing.body.extended_code).toBe('collector_not_found');
  });

  it('unknown routes answer 404 with the error shape', async () => {
    const { status, body } = await client.get('/payment/nada');
    expect(status).toBe(404);
    expect(body).toEqual({
      code: 'not_found',
      extended_code: 'route_not_found',
      message: expect.any(String),
    });
  });
});
