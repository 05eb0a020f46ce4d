import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EmbeddedClient } from '../src/embedded-client.js';
import { openStore, type Store } from '../src/index.js';

/** The embedded store runs PGlite in a thread of its own: src/embedded-worker.ts. */
describe('the embedded store’s thread', () => {
  let store: Store;
  let folder: string;
  beforeAll(async () => {
    store = await openStore();
    folder = mkdtempSync(join(tmpdir(), 'store-thread-'));
  });
  afterAll(async () => {
    await store?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('leaves the event loop free while a query runs', async () => {
    // PGlite runs a query synchronously on its thread: on this one, no turn of the loop would happen until the end.
    let turns = 0;
    let running = true;
    const turn = () => {
      turns += 1;
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    let timers = 0;
    const timer = setInterval(() => (timers += 1), 1);
    try {
      const { rows } = await sql<{ done: boolean }>`select pg_sleep(0.5) is not null as done`.execute(
        store.db,
      );
      expect(rows).toEqual([{ done: true }]);
    } finally {
      running = false;
      clearInterval(timer);
    }
    expect(turns).toBeGreaterThan(20);
    expect(timers).toBeGreaterThan(0);
  });

  it('answers as PGlite does: rows, affected rows, and PostgreSQL’s errors with their fields', async () => {
    await store.writePreference('operador', 'pagos.columnas', { estado: false });
    const [preference] = await store.readPreferences('operador');
    expect(preference).toMatchObject({ key: 'pagos.columnas', value: { estado: false } });
    expect(preference!.updatedAt).toBeInstanceOf(Date);
    const deleted = await store.db
      .deleteFrom('preference')
      .where('username', '=', 'operador')
      .executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(1n);
    const failure = await sql`select * from missing_table`.execute(store.db).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '42P01', message: expect.stringMatching(/missing_table/) });
  });

  it('keeps a transaction’s queries together', async () => {
    await Promise.all([
      store.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('preference')
          .values({ username: 'tx', key: 'a', value: '1', updated_at: new Date() })
          .execute();
        throw new Error('rolled back');
      }),
      store.writePreference('tx', 'b', 2),
    ]).catch(() => undefined);
    expect((await store.readPreferences('tx')).map((p) => p.key)).toEqual(['b']);
  });

  it('a thread that ends rejects the calls, pending and later, and says so once', async () => {
    const script = join(folder, 'dies.mjs');
    // Opens, then ends at the first query, as a crash of PGlite's thread would.
    writeFileSync(
      script,
      "import { parentPort } from 'node:worker_threads';\n" +
        'parentPort.postMessage({ id: 0, fromTemplate: false });\n' +
        'parentPort.on("message", () => process.exit(3));\n',
    );
    const onUnavailable = vi.fn();
    const { client } = await EmbeddedClient.start(
      { dataDir: 'memory://', embeddedTemplate: false },
      onUnavailable,
      script,
    );
    await expect(client.query(CompiledQuery.raw('select 1'))).rejects.toThrow(/thread ended \(exit code 3\)/);
    await expect(client.query(CompiledQuery.raw('select 1'))).rejects.toThrow(/thread ended/);
    expect(onUnavailable).toHaveBeenCalledTimes(1);
    await client.close();
    expect(onUnavailable).toHaveBeenCalledTimes(1);
  });

  it('a thread that cannot open rejects the opening', async () => {
    const script = join(folder, 'fails.mjs');
    writeFileSync(script, "throw new Error('no abre');\n");
    await expect(
      EmbeddedClient.start({ dataDir: 'memory://', embeddedTemplate: false }, undefined, script),
    ).rejects.toThrow(/no abre/);
  });

  it('does not keep a process alive once no call waits for it', async () => {
    const index = fileURLToPath(new URL('../dist/index.js', import.meta.url));
    // A script that opens the store, writes, and neither closes it nor exits: it ends by itself.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { openStore } = await import(${JSON.stringify(index)});\n` +
          `const store = await openStore();\n` +
          `await store.writePreference('operador', 'k', 1);\n` +
          `console.log(JSON.stringify(await store.readPreferences('operador')));`,
      ],
      { timeout: 150_000 },
    );
    expect(JSON.parse(stdout)).toMatchObject([{ key: 'k', value: 1 }]);
  });
});
