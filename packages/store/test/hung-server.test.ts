import net from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase, openStore } from '../src/index.js';
import { REAL_URL } from './backends.js';

/**
 * A TCP proxy in front of the server that can black-hole its connections: bytes from the store are swallowed and
 * nothing comes back, as when a network drops a connection without a word.
 */
async function blackHolingProxy(target: URL) {
  let holing = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    client.on('data', (chunk) => {
      if (!holing) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!holing) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    hole(on: boolean) {
      holing = on;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

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
