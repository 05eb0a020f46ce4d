import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase, openStore } from '../src/index.js';
import { REAL_URL } from './backends.js';
import { blackHolingProxy } from './black-hole-proxy.js';

describe.runIf(REAL_URL)('a store whose server stops answering', () => {
  it('fails a call within its bound instead of waiting, and works again once the server answers', async () => {
    const { databaseUrl, drop } = await createScratchDatabase(REAL_URL, 'store_hang');
    const proxy = await blackHolingProxy(new URL(databaseUrl));
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const store = await openStore({ databaseUrl: url.toString(), callTimeoutMs: 1_000, maxConnections: 2 });
    try {
      await sql`select 1`.execute(store.db);
      proxy.hole(true);
      // Every connection of the pool is stuck in turn: each call fails on its own bound, none waits behind another.
      for (let i = 0; i < 3; i++) {
        await expect(store.findMove('operador', `clave-${i}-0000`)).rejects.toThrow();
      }
      proxy.hole(false);
      // The stuck connections were dropped: a new call gets a fresh one and an answer.
      expect(await store.findMove('operador', 'clave-0-0000')).toBeNull();
    } finally {
      await store.close().catch(() => undefined);
      await proxy.close();
      await drop();
    }
  }, 60_000);
});

describe.runIf(REAL_URL)('a store whose server ends a connection it holds', () => {
  it('hears the end of a checked-out connection instead of dying of it, and works on with a new one', async () => {
    const { databaseUrl, drop } = await createScratchDatabase(REAL_URL, 'store_ended');
    const heard: unknown[] = [];
    const store = await openStore({ databaseUrl, maxConnections: 1, onError: (error) => heard.push(error) });
    const admin = new pg.Client({ connectionString: REAL_URL });
    await admin.connect();
    try {
      await store.db.connection().execute(async (connection) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
        // Ended between two statements, as a server stopping ends every connection: pg emits 'error' on it, which
        // unheard would end this process (the test run reports it).
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        await expect.poll(() => heard.length, { timeout: 15_000 }).toBeGreaterThan(0);
        await expect(sql`select 1`.execute(connection)).rejects.toThrow();
      });
      // The one connection of the pool was dropped: the next call gets a new one.
      expect(await store.findMove('operador', 'clave-0-0000')).toBeNull();
    } finally {
      await admin.end();
      await store.close().catch(() => undefined);
      await drop();
    }
  }, 60_000);
});
