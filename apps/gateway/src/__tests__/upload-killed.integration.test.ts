import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureGatewayBuild, startBuiltGateway, type GatewayProcess } from './gateway-process.js';
import { rawRequest, type RawAnswer } from './raw-http.js';
import { sharedStack, type SharedEmulator, type SharedStubs } from './shared-stack.js';

/**
 * An upload whose forwarding the gateway's death cuts (the upload is forwarded as a multipart body
 * over the chunks it came in, `files/form-body.ts`). Between the gateway and the import service stands a proxy that
 * stops reading after the body's first 64 KiB, so the gateway is killed while it writes; the service is then handed
 * exactly what had arrived by the gateway's death, under the gateway's own headers (its Content-Length the whole
 * body's). It refuses it and imports nothing, and the operator's client gets no answer at all, never a success.
 * The upload was recorded before it left (files/upload-move.ts): the next gateway on the same store closes that
 * record as 'Resultado desconocido', so the operator's action is in 'Actividad' whatever the service got.
 */

const BOUNDARY = 'CorteDeReenvio';
/**
 * A valid import of about 8 MiB (the limit is 10): more than the sockets' buffers between the gateway and the proxy
 * hold, so when the proxy stops reading, most of the body is still in the gateway when it dies.
 */
function importBody(): Buffer {
  const rows = Array.from(
    { length: 150_000 },
    (_, i) => `EXT-${i},1,Cuota ${i},10.00,pagador${i}@example.com`,
  ).join('\r\n');
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="collector_id"\r\n\r\n10001\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cuotas.csv"\r\nContent-Type: text/csv\r\n\r\n` +
      `external_transaction_id,concept_id,concept_description,amount,payer_email\r\n${rows}\r\n--${BOUNDARY}--`,
  );
}

/** What the proxy reads of a body before it stops reading. */
const READ_BEFORE_STOP = 64 * 1024;

interface CutForward {
  /** Settles once the first READ_BEFORE_STOP bytes of a forwarded body are in (the proxy stops reading then). */
  stoppedReading: Promise<void>;
  /** Settles once the cut body has been handed to the service and it has answered (or closed). */
  handedOver: Promise<{ received: number; declared: number; serviceStatus: number | null }>;
}

/** The proxy the gateway takes for the import service: see the file's comment. */
function cuttingProxy(
  serviceUrl: string,
  gatewayGone: Promise<void>,
): { server: Server; forward: CutForward; url: () => string } {
  let stopReading!: () => void;
  let handed!: (cut: { received: number; declared: number; serviceStatus: number | null }) => void;
  const forward: CutForward = {
    stoppedReading: new Promise((resolve) => (stopReading = resolve)),
    handedOver: new Promise((resolve) => (handed = resolve)),
  };
  const server = createServer((request) => {
    const declared = Number(request.headers['content-length']);
    const chunks: Buffer[] = [];
    let received = 0;
    let stopped = false;
    request.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received >= READ_BEFORE_STOP && !stopped) {
        stopped = true;
        request.pause();
        stopReading();
      }
    });
    // Once the gateway is gone, what its sockets still held is read too (the test resumes the body), then the end.
    forward.stoppedReading
      .then(() => gatewayGone)
      .then(
        () => request.resume(),
        () => undefined,
      );
    request.socket.once('close', () => {
      const target = new URL(`${serviceUrl}${request.url ?? ''}`);
      const socket = connect(Number(target.port), target.hostname, () => {
        const headers = Object.entries(request.headers)
          .filter(([name]) => name !== 'host' && name !== 'connection')
          .map(([name, value]) => `${name}: ${String(value)}`);
        socket.write(
          [
            `${request.method} ${target.pathname}${target.search} HTTP/1.1`,
            `host: ${target.host}`,
            ...headers,
          ]
            .concat('', '')
            .join('\r\n'),
        );
        socket.end(Buffer.concat(chunks));
      });
      // The service's answer to the cut body (its status line), or none if it closed without one.
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('end', () => socket.destroy());
      socket.on('close', () => {
        const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
        handed({ received, declared, serviceStatus: status ? Number(status[1]) : null });
      });
    });
  });
  return { server, forward, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let stubs: SharedStubs;
let emulator: SharedEmulator;
let child: ChildProcess | undefined;
let gateway: GatewayProcess | undefined;
let proxy: ReturnType<typeof cuttingProxy>;
let next: ChildProcess | undefined;
let killed!: () => void;
const gatewayGone = new Promise<void>((resolve) => (killed = resolve));
let storeDir: string;
/** The store both gateways open in turn, and a short lease: the second one closes the first one's moves soon. */
const storeEnv = () => ({ STORE_DATA_DIR: storeDir, MOVE_LEASE_MS: '1500', MOVE_RECOVER_EVERY_MS: '200' });

const stackOf = () => ({ stubsUrl: stubs.url, issuer: emulator.issuer, jwksUrl: emulator.jwksUrl });

/** Waits until the gateway at `url` is ready (its store open: an upload is recorded there before it is sent). */
async function ready(url: string): Promise<void> {
  await vi.waitFor(
    async () => {
      if ((await fetch(`${url}/readyz`)).status !== 200) throw new Error(`${url} is not ready`);
    },
    { timeout: 60_000, interval: 100 },
  );
}

beforeAll(async () => {
  storeDir = await mkdtemp(join(tmpdir(), 'upload-killed-store-'));
  [{ stubs, emulator }] = await Promise.all([sharedStack(), ensureGatewayBuild()]);
  proxy = cuttingProxy(`${stubs.url}/import`, gatewayGone);
  await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
  gateway = await startBuiltGateway(
    stackOf(),
    { IMPORT_SERVICE_URL: proxy.url(), ...storeEnv() },
    (spawned) => (child = spawned),
  );
  await ready(gateway.url);
}, 180_000);
afterAll(async () => {
  for (const process of [child, next]) if (process && process.exitCode === null) process.kill('SIGKILL');
  proxy.server.closeAllConnections();
  await new Promise((resolve) => proxy.server.close(resolve));
  await rm(storeDir, { recursive: true, force: true });
});

/** The service's imports, newest first: a new import changes it. */
const imports = async () => JSON.stringify(await (await fetch(`${stubs.url}/import/pagos`)).json());

describe('an upload whose forwarding the gateway dies in', { timeout: 180_000 }, () => {
  it('imports nothing, answers the operator nothing, never a success, and is in the activity as unknown', async () => {
    const before = await imports();
    const body = importBody();
    const answer: Promise<RawAnswer> = rawRequest({
      url: gateway!.url,
      path: '/files/importaciones',
      headers: {
        authorization: `Bearer ${await emulator.accessTokenFor('tesoreria')}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(body.length),
        connection: 'close',
      },
      body,
    });

    const first = await Promise.race([proxy.forward.stoppedReading.then(() => 'forwarding'), answer]);
    expect(first, `the gateway answered before forwarding:\n${gateway!.output()}`).toBe('forwarding');
    child!.kill('SIGKILL');
    await gateway!.exited;
    killed();

    const { received, declared, serviceStatus } = await proxy.forward.handedOver;
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(declared);
    // The service refuses a body shorter than its Content-Length (a 400, or no answer at all).
    expect(serviceStatus === null || serviceStatus >= 400).toBe(true);
    expect((await answer).status).toBeNull();
    expect(await imports()).toBe(before);

    // The next gateway on the same store: the upload's record, left 'pending' by the dead one, is closed as unknown.
    const second = await startBuiltGateway(stackOf(), storeEnv(), (spawned) => (next = spawned));
    await ready(second.url);
    const token = await emulator.accessTokenFor('admin');
    const uploads = async () => {
      const response = await fetch(`${second.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `query($filter: ActivityFilter) { activity(filter: $filter, page: 1, pageSize: 10) { rows { user area result errorCode } } }`,
          variables: { filter: { operation: 'POST /files/importaciones' } },
        }),
      });
      return ((await response.json()) as { data?: { activity: { rows: unknown[] } } }).data?.activity.rows;
    };
    await expect
      .poll(uploads, { timeout: 60_000, interval: 200 })
      .toEqual([{ user: 'tesoreria', area: 'imports', result: 'UNKNOWN', errorCode: 'GATEWAY_STOPPED' }]);
  });
});
