/**
 * A tiny load balancer for the replica tests: each request (not each connection) goes to the next backend in
 * turn, like a Kubernetes Service in front of the gateway's pods. A backend that refuses the connection is taken
 * out of rotation (as the endpoints controller does for a pod that is stopping) and the request, whose body was
 * read whole first, goes to the next one. Answers carry `x-served-by` with the backend's name.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Backend {
  name: string;
  /** e.g. http://127.0.0.1:4000 */
  url: string;
}

export interface RoundRobinProxy {
  url: string;
  /** Which backend each request was sent to, in the order they were sent (path and backend). */
  served: Array<{ path: string; backend: string }>;
  /** Takes a backend out of rotation (a pod marked terminating). */
  remove(name: string): void;
  add(backend: Backend): void;
  close(): Promise<void>;
}

function forward(
  backend: Backend,
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const upstream = request(
      `${backend.url}${path}`,
      { method, headers: { ...headers, host: new URL(backend.url).host }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

export async function startRoundRobinProxy(initial: Backend[]): Promise<RoundRobinProxy> {
  const backends = [...initial];
  const served: RoundRobinProxy['served'] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? '/';
      for (let attempts = backends.length; attempts > 0; attempts--) {
        const backend = backends[next++ % backends.length];
        if (!backend) break;
        served.push({ path, backend: backend.name });
        try {
          const answer = await forward(backend, req.method ?? 'GET', path, req.headers, body);
          const headers = { ...answer.headers, 'x-served-by': backend.name };
          delete headers['transfer-encoding'];
          delete headers.connection;
          headers['content-length'] = String(answer.body.length);
          res.writeHead(answer.status, headers).end(answer.body);
          return;
        } catch (error) {
          // Refused before anything was sent: the backend is gone; anything else is reported as is.
          if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') {
            res.writeHead(502).end(String(error));
            return;
          }
          backends.splice(backends.indexOf(backend), 1);
        }
      }
      res.writeHead(503).end('no backend');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    remove(name) {
      const index = backends.findIndex((backend) => backend.name === name);
      if (index >= 0) backends.splice(index, 1);
    },
    add(backend) {
      backends.push(backend);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
