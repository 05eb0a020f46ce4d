import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATION_NAMES, openStore, queryActivity, type NewActivity } from '../src/index.js';
import { BACKENDS, REAL_URL, storesPerTest } from './backends.js';

const event = (over: Partial<NewActivity> = {}): NewActivity => ({
  at: new Date('2026-11-20T15:00:00Z'),
  username: 'operador',
  permission: 'PAYMENT_CANCEL',
  area: 'payments',
  operation: 'cancelPayment',
  operation_name: 'CancelPayment',
  target_ids: ['pay-1'],
  result: 'success',
  error_code: null,
  reason: 'pedido del cliente',
  items: null,
  request_id: 'req-1',
  trace_id: '0af7651916cd43dd8448eb211c80319c',
  ...over,
});

for (const backend of BACKENDS) {
  describe(`store on ${backend.name}`, () => {
    const { open, cleanups } = storesPerTest(backend);

    it('migrates at opening and stores, filters, pages and purges activity', async () => {
      const store = await open();
      await store.insertActivity([
        event(),
        event({ at: new Date('2026-11-21T15:00:00Z'), target_ids: ['pay-2', 'pay-3'], result: 'unknown' }),
        event({
          at: new Date('2026-11-22T15:00:00Z'),
          username: 'admin',
          area: 'withdrawals',
          operation: 'authorizeWithdrawal',
          target_ids: ['wd-1'],
          items: JSON.stringify([{ id: 'wd-1', result: 'failed' }]),
          result: 'failed',
        }),
      ]);
      const all = await store.queryActivity({ page: 1, pageSize: 2 });
      expect(all.total).toBe(3);
      expect(all.rows.map((r) => r.operation)).toEqual(['authorizeWithdrawal', 'cancelPayment']);
      expect(all.rows[0]!.items).toEqual([{ id: 'wd-1', result: 'failed' }]);
      expect(all.rows[0]!.at).toEqual(new Date('2026-11-22T15:00:00Z'));
      expect(all.rows[1]!.target_ids).toEqual(['pay-2', 'pay-3']);

      const byRecord = await store.queryActivity({ filter: { recordId: 'pay-3' }, page: 1, pageSize: 10 });
      expect(byRecord.rows.map((r) => r.result)).toEqual(['unknown']);
      const byUser = await store.queryActivity({
        filter: { user: 'operador', area: 'payments' },
        page: 1,
        pageSize: 10,
      });
      expect(byUser.total).toBe(2);
      const byPeriod = await store.queryActivity({
        filter: { from: new Date('2026-11-21T00:00:00Z'), to: new Date('2026-11-22T00:00:00Z') },
        page: 1,
        pageSize: 10,
      });
      expect(byPeriod.rows.map((r) => r.target_ids)).toEqual([['pay-2', 'pay-3']]);
      const ascending = await store.queryActivity({ page: 2, pageSize: 2, sort: 'at', descending: false });
      expect(ascending.rows.map((r) => r.operation)).toEqual(['authorizeWithdrawal']);
      // The operators seen, each once, in order; a prefix in any case; LIKE's '%' only as itself.
      expect(await store.activityUsers({ limit: 10 })).toEqual(['admin', 'operador']);
      expect(await store.activityUsers({ prefix: 'OPE', limit: 10 })).toEqual(['operador']);
      expect(await store.activityUsers({ prefix: '%', limit: 10 })).toEqual([]);
      expect(await store.activityUsers({ limit: 1 })).toEqual(['admin']);

      expect(await store.purgeActivity(new Date('2026-11-21T12:00:00Z'))).toBe(1);
      expect((await store.queryActivity({ page: 1, pageSize: 10 })).total).toBe(2);
    });

    it('breaks ties of the sort by the order of insertion (the numeric id, not its text)', async () => {
      const store = await open();
      // Ten events at one instant with ids 96..105: a text sort puts '99' before '105' going down.
      await sql`select setval(pg_get_serial_sequence('activity', 'id'), 95)`.execute(store.db);
      await store.insertActivity(Array.from({ length: 10 }, (_, i) => event({ request_id: `req-${i}` })));
      const newest = await store.queryActivity({ page: 1, pageSize: 10 });
      const ids = newest.rows.map((r) => BigInt(r.id));
      expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
      expect(newest.rows.map((r) => r.request_id)).toEqual(
        Array.from({ length: 10 }, (_, i) => `req-${9 - i}`),
      );
      const oldest = await store.queryActivity({ page: 1, pageSize: 3, descending: false });
      expect(oldest.rows.map((r) => r.request_id)).toEqual(['req-0', 'req-1', 'req-2']);
    });

    it("lists a refused call but never by a record it named; keeps an action's count of ids", async () => {
      const store = await open();
      await store.insertActivity([
        event({ target_ids: ['pay-9'], target_count: 1 }),
        event({
          at: new Date('2026-11-21T15:00:00Z'),
          username: 'consulta',
          permission: null,
          operation: 'rejectWithdraws',
          target_ids: ['pay-9', 'wd-2'],
          target_count: 200,
          result: 'denied',
          error_code: 'FORBIDDEN',
        }),
      ]);
      const all = await store.queryActivity({ page: 1, pageSize: 10 });
      expect(all.rows.map((r) => [r.result, r.target_count])).toEqual([
        ['denied', 200],
        ['success', 1],
      ]);
      const byRecord = await store.queryActivity({ filter: { recordId: 'pay-9' }, page: 1, pageSize: 10 });
      expect(byRecord.rows.map((r) => r.result)).toEqual(['success']);
      expect(byRecord.total).toBe(1);
    });

    it('counts the activity only when the page cannot tell the total', async () => {
      const store = await open();
      await store.insertActivity([
        event(),
        event({ at: new Date('2026-11-21T15:00:00Z') }),
        event({ at: new Date('2026-11-22T15:00:00Z') }),
      ]);
      let queries = 0;
      const counted = store.db.withPlugin({
        transformQuery: (args) => {
          queries += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const page = async (page: number, pageSize: number) => {
        queries = 0;
        const answer = await queryActivity(counted, { page, pageSize });
        return { rows: answer.rows.length, total: answer.total, queries };
      };
      // A short first page, the last page and an empty table: the rows alone tell the total.
      expect(await page(1, 10)).toEqual({ rows: 3, total: 3, queries: 1 });
      expect(await page(2, 2)).toEqual({ rows: 1, total: 3, queries: 1 });
      // A full page, or an empty one past the end: only a count knows.
      expect(await page(1, 3)).toEqual({ rows: 3, total: 3, queries: 2 });
      expect(await page(3, 2)).toEqual({ rows: 0, total: 3, queries: 2 });
      await store.purgeActivity(new Date('2026-12-01T00:00:00Z'));
      expect(await page(1, 10)).toEqual({ rows: 0, total: 0, queries: 1 });
    });

    it("keeps each operator's preferences apart, replaces and removes them", async () => {
      const store = await open();
      await store.writePreference('operador', 'payments.views', [
        { name: 'Rechazados', filter: { status: 'R' } },
      ]);
      await store.writePreference('operador', 'payments.columns', { hidden: ['payer'] });
      await store.writePreference('admin', 'payments.views', []);
      await store.writePreference('operador', 'payments.columns', { hidden: [] });
      const mine = await store.readPreferences('operador');
      expect(mine.map((p) => [p.key, p.value])).toEqual([
        ['payments.columns', { hidden: [] }],
        ['payments.views', [{ name: 'Rechazados', filter: { status: 'R' } }]],
      ]);
      await store.writePreference('operador', 'payments.columns', null);
      expect((await store.readPreferences('operador')).map((p) => p.key)).toEqual(['payments.views']);
      expect((await store.readPreferences('admin')).map((p) => p.value)).toEqual([[]]);
    });

    it("reads one prefix of keys only (one list's preferences)", async () => {
      const store = await open();
      await store.writePreference('operador', 'list.payments.columns', { fee: false });
      await store.writePreference('operador', 'list.payments.views', []);
      await store.writePreference('operador', 'list.paymentsx.columns', { id: false });
      await store.writePreference('operador', 'search.recent', ['1000005']);
      await store.writePreference('admin', 'list.payments.columns', { id: false });
      const list = await store.readPreferences('operador', 'list.payments.');
      expect(list.map((p) => [p.key, p.value])).toEqual([
        ['list.payments.columns', { fee: false }],
        ['list.payments.views', []],
      ]);
      // A prefix with LIKE's wildcards is read as written.
      expect(await store.readPreferences('operador', 'list.payments_')).toEqual([]);
      expect((await store.readPreferences('operador')).map((p) => p.key)).toHaveLength(4);
    });

    it("bounds an operator's preferences (keys and bytes): past either nothing is written", async () => {
      const store = await open();
      const limits = { maxKeys: 3, maxBytes: 20 };
      expect(await store.writePreference('operador', 'a', 'x'.repeat(8), limits)).toEqual({ written: true });
      expect(await store.writePreference('operador', 'b', 1, limits)).toEqual({ written: true });
      expect(await store.writePreference('operador', 'c', 2, limits)).toEqual({ written: true });
      // A fourth key, however small: refused; another operator has room of their own.
      expect(await store.writePreference('operador', 'd', 3, limits)).toEqual({
        written: false,
        limit: 'keys',
      });
      expect(await store.writePreference('admin', 'd', 3, limits)).toEqual({ written: true });
      // Replacing a key counts its new size, not the old one twice: 10 + 1 + 1 bytes fit, 19 + 1 + 1 do not.
      expect(await store.writePreference('operador', 'a', 'x'.repeat(17), limits)).toEqual({
        written: false,
        limit: 'bytes',
      });
      expect(await store.writePreference('operador', 'a', 'x'.repeat(16), limits)).toEqual({ written: true });
      const mine = await store.readPreferences('operador');
      expect(mine.map((p) => [p.key, p.value])).toEqual([
        ['a', 'x'.repeat(16)],
        ['b', 1],
        ['c', 2],
      ]);
      // Removing makes room again.
      await store.writePreference('operador', 'c', null, limits);
      expect(await store.writePreference('operador', 'd', 3, limits)).toEqual({ written: true });
    });

    it('keeps a preference as the JSON it was written in: the bound counts what is stored', async () => {
      const store = await open();
      // 6 bytes of JSON each, which jsonb kept as a numeric of 326 digits (about 47 times the bytes counted).
      const numbers = Array.from({ length: 2_000 }, () => 5e-324);
      const text = JSON.stringify(numbers);
      expect(await store.writePreference('operador', 'list.numeros', numbers)).toEqual({ written: true });
      await store.mergePreference('operador', 'list.mezcla', { a: 1e308, b: -0.000001, c: 2 ** 70 });
      const { rows } = await sql<{ key: string; stored: string; bytes: number }>`
        select key, value::text as stored, bytes from preference where username = 'operador' order by key`.execute(
        store.db,
      );
      // Stored as written (its start, and its length in bytes beside the bytes counted).
      expect(
        rows.map((r) => [r.key, r.stored.slice(0, 60), Buffer.byteLength(r.stored), Number(r.bytes)]),
      ).toEqual([
        ['list.mezcla', '{"a":1e+308,"b":-0.000001,"c":1.1805916207174113e+21}', 53, 53],
        ['list.numeros', text.slice(0, 60), text.length, text.length],
      ]);
      expect(rows[1]!.stored).toBe(text);
      const read = await store.readPreferences('operador', 'list.');
      expect(read.map((p) => p.value)).toEqual([{ a: 1e308, b: -0.000001, c: 2 ** 70 }, numbers]);
      // A value of numbers fills the bound as its text does: exactly the room fits, one number more does not.
      const limits = { maxKeys: 10, maxBytes: text.length + 53 };
      expect(await store.writePreference('operador', 'list.numeros', numbers, limits)).toEqual({
        written: true,
      });
      expect(await store.writePreference('operador', 'list.numeros', [...numbers, 5e-324], limits)).toEqual({
        written: false,
        limit: 'bytes',
      });
    });

    it('lets only one of several concurrent writes take the last room', async () => {
      const store = await open();
      const limits = { maxKeys: 5, maxBytes: 1024 };
      for (const key of ['a', 'b', 'c', 'd']) await store.writePreference('operador', key, 1, limits);
      const answers = await Promise.all(
        ['e', 'f', 'g', 'h', 'i', 'j'].map((key) => store.writePreference('operador', key, 1, limits)),
      );
      expect(answers.filter((a) => a.written)).toHaveLength(1);
      expect(await store.readPreferences('operador')).toHaveLength(5);
      // The same for bytes: 4 bytes left, six writers of 4 bytes each.
      await store.writePreference('admin', 'big', 'x'.repeat(1018), limits);
      const bytes = await Promise.all(
        ['e', 'f', 'g', 'h', 'i', 'j'].map((key) => store.writePreference('admin', key, 1000, limits)),
      );
      expect(bytes.filter((a) => a.written)).toHaveLength(1);
      expect(await store.readPreferences('admin')).toHaveLength(2);
    });

    it('merges entries into a preference: concurrent changes of different entries all stay', async () => {
      const store = await open();
      await store.writePreference('operador', 'list.payments.columns', { status: true });
      // Two tabs, each from the same value, change different entries at the same time.
      const answers = await Promise.all([
        store.mergePreference('operador', 'list.payments.columns', { status: false }),
        store.mergePreference('operador', 'list.payments.columns', { name: false }),
        store.mergePreference('admin', 'list.payments.columns', { fee: false }),
      ]);
      expect(answers.every((a) => a.written)).toBe(true);
      const mine = await store.readPreferences('operador', 'list.payments.');
      expect(mine.map((p) => p.value)).toEqual([{ status: false, name: false }]);
      // Null removes an entry and answers what is left; the last entry removed removes the preference.
      expect(await store.mergePreference('operador', 'list.payments.columns', { status: null })).toEqual({
        written: true,
        value: { name: false },
      });
      expect(await store.mergePreference('operador', 'list.payments.columns', { name: null })).toEqual({
        written: true,
        value: null,
      });
      expect(await store.readPreferences('operador', 'list.payments.')).toEqual([]);
      // A value of another shape (an older app's list) becomes the entries written.
      await store.writePreference('operador', 'search.recent', ['1000005']);
      await store.mergePreference('operador', 'search.recent', { 'PAYMENT:1': { at: 1 } });
      expect((await store.readPreferences('operador', 'search.')).map((p) => p.value)).toEqual([
        { 'PAYMENT:1': { at: 1 } },
      ]);
    });

    it("merges within the operator's bounds and the value's own", async () => {
      const store = await open();
      const limits = { maxKeys: 2, maxBytes: 40 };
      await store.writePreference('operador', 'a', { x: 1 }, limits);
      await store.mergePreference('operador', 'b', { y: 1 }, limits);
      expect(await store.mergePreference('operador', 'c', { z: 1 }, limits)).toEqual({
        written: false,
        limit: 'keys',
      });
      // {"y":1,"w":"…"} past 40 bytes with {"x":1}'s 7.
      expect(await store.mergePreference('operador', 'b', { w: 'x'.repeat(30) }, limits)).toEqual({
        written: false,
        limit: 'bytes',
      });
      expect(await store.mergePreference('operador', 'b', { w: 'xx' }, limits, 12)).toEqual({
        written: false,
        limit: 'value',
      });
      expect((await store.readPreferences('operador')).map((p) => p.value)).toEqual([{ x: 1 }, { y: 1 }]);
    });

    it("keeps each test namespace's activity and preferences apart; clearing one leaves the others", async () => {
      const store = await open();
      await store.insertActivity([
        event(),
        event({ namespace: 'suite-a', request_id: 'req-a', username: 'admin' }),
        event({ namespace: 'suite-b', request_id: 'req-b' }),
      ]);
      const ids = async (namespace?: string) =>
        (await store.queryActivity({ page: 1, pageSize: 10, namespace })).rows.map((r) => r.request_id);
      expect(await ids()).toEqual(['req-1']);
      expect(await ids('suite-a')).toEqual(['req-a']);
      expect(await ids('suite-b')).toEqual(['req-b']);
      expect(await store.activityUsers({ limit: 10, namespace: 'suite-a' })).toEqual(['admin']);
      expect(await store.activityUsers({ limit: 10 })).toEqual(['operador']);

      // The same operator and key in three namespaces: three preferences, each bounded on its own.
      const limits = { maxKeys: 1, maxBytes: 1024 };
      for (const [namespace, value] of [
        [undefined, 'normal'],
        ['suite-a', 'a'],
        ['suite-b', 'b'],
      ] as const) {
        expect(await store.writePreference('operador', 'list.x', value, limits, namespace)).toEqual({
          written: true,
        });
      }
      expect(
        await store.mergePreference('operador', 'list.y', { v: 1 }, limits, undefined, 'suite-a'),
      ).toEqual({
        written: false,
        limit: 'keys',
      });
      const values = async (namespace?: string) =>
        (await store.readPreferences('operador', null, namespace)).map((p) => p.value);
      expect([await values(), await values('suite-a'), await values('suite-b')]).toEqual([
        ['normal'],
        ['a'],
        ['b'],
      ]);
      await store.writePreference('operador', 'list.x', null, limits, 'suite-b');
      expect([await values(), await values('suite-b')]).toEqual([['normal'], []]);

      expect(await store.clearNamespace('suite-a')).toEqual({ activity: 1, preferences: 1 });
      expect([await ids(), await ids('suite-a'), await ids('suite-b')]).toEqual([['req-1'], [], ['req-b']]);
      expect([await values(), await values('suite-a')]).toEqual([['normal'], []]);
    });

    it('opening again applies no migration twice', async () => {
      const { databaseUrl, drop } = await backend.fresh();
      cleanups.push(drop);
      if (!databaseUrl) {
        // The embedded store in a data folder: reopened, its data and its migrations table are kept.
        const dir = mkdtempSync(join(tmpdir(), 'store-test-'));
        cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
        const first = await openStore({ dataDir: dir });
        await first.insertActivity([event()]);
        await first.close();
        const second = await openStore({ dataDir: dir });
        cleanups.push(() => second.close());
        expect((await second.queryActivity({ page: 1, pageSize: 10 })).total).toBe(1);
        const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
          second.db,
        );
        expect(rows.map((r) => r.name)).toEqual(MIGRATION_NAMES);
        return;
      }
      // Two replicas starting together on one database: each migration runs once, both open.
      const replicas = await Promise.all([openStore({ databaseUrl }), openStore({ databaseUrl })]);
      cleanups.push(...replicas.map((r) => () => r.close()));
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        replicas[0]!.db,
      );
      expect(rows.map((r) => r.name)).toEqual(MIGRATION_NAMES);
      await replicas[1]!.insertActivity([event()]);
      expect((await replicas[0]!.queryActivity({ page: 1, pageSize: 5 })).total).toBe(1);
    });
  });
}

describe('store configuration', () => {
  it('refuses a server it cannot reach, with the cause', async () => {
    await expect(openStore({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow();
  });
  it('knows which backends it runs on', () => {
    expect(BACKENDS.map((b) => b.name)).toEqual(REAL_URL ? ['embedded', 'postgres'] : ['embedded']);
  });
});
