import net from 'node:net';

/**
 * A TCP proxy in front of the server that can black-hole its connections: bytes from the store are swallowed and
 * nothing comes back, as when a network drops a connection without a word. The store's tests and the fault drill
 * (scripts/fault-drill.mjs) put it in front of PostgreSQL.
 */
export async function blackHolingProxy(target: URL) {
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
