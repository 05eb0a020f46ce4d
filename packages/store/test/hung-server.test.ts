import { sql } from 'kysely';
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
