import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type RunningEmulator } from '@backoffice/keycloak-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayConfig } from '../config.js';
import { defineUpload } from '../files/index.js';
import { FileRefusal } from '../files/refusals.js';
import { uploadSlots } from '../files/upload-slots.js';
import { startGateway, type RunningGateway } from '../index.js';
import { loadConfig } from '../load-config.js';
import { createLogger } from '../logger.js';
import { registry } from '../telemetry/metrics.js';
import { rawRequest, type RawAnswer } from './raw-http.js';

/**
 * Uploads cannot hoard memory: at most UPLOAD_MAX_PER_OPERATOR of one operator and UPLOAD_MAX_IN_FLIGHT
 * of the replica are received at once, the rest refused 429 in Spanish; an upload whose body stops coming is ended
 * 408 after UPLOAD_IDLE_TIMEOUT_MS and its place given back, and one that trickles after
 * UPLOAD_TOTAL_TIMEOUT_MS however often a byte comes; any other request trickled in is ended by the server's request
 * timeout. Held uploads are raw requests whose body is sent in part and then nothing more, closed by the test.
 */

const BOUNDARY = 'XyZ';
const BODY = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n` +
    `id,monto\r\n1,10.00\r\n\r\n--${BOUNDARY}--`,
);
/** What a held upload sends before it goes silent: the file part's start. */
const HELD_PART = BODY.subarray(0, BODY.indexOf('id,monto') + 4);

let emulator: RunningEmulator;
let upstream: Server;
let upstreamUrl: string;
const gateways: RunningGateway[] = [];
let admin: string;
let tesoreria: string;
let uploadsReceived = 0;

function startUpstream(): Promise<void> {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      uploadsReceived++;
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"id":"imp-1"}');
    });
  });
  return new Promise((resolve) =>
    upstream.listen(0, '127.0.0.1', () => {
      upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

/** Long bounds unless a test says otherwise: held uploads stay until the test closes them. */
const UPLOADS: GatewayConfig['uploads'] = {
  maxInFlight: 8,
  maxPerOperator: 2,
  idleTimeoutMs: 120_000,
  totalTimeoutMs: 120_000,
};

async function gatewayWith(limits: Partial<GatewayConfig['uploads']>): Promise<RunningGateway> {
  const uploads = { ...UPLOADS, ...limits };
  const base = loadConfig({ STUBS_URL: upstreamUrl });
  const gateway = await startGateway(
    {
      ...base,
      port: 0,
      host: '127.0.0.1',
      keycloakIssuer: emulator.issuer,
      keycloakJwksUrl: emulator.jwksUrl,
      uploads,
      services: { ...base.services, import: upstreamUrl },
    },
    {
      logger: createLogger('silent'),
      fileRoutes: [
        defineUpload({
          route: '/subidas',
          requires: ['IMPORT_REQUEST'],
          maxBytes: 64 * 1024,
          accept: ['csv'],
          upstream: () => ({ service: 'import', path: '/pagos' }),
        }),
      ],
    },
  );
  gateways.push(gateway);
  return gateway;
}

beforeAll(async () => {
  [emulator] = await Promise.all([startEmulator({ keyFile: null }), startUpstream()]);
  [admin, tesoreria] = (await Promise.all(['admin', 'tesoreria'].map((u) => emulator.accessTokenFor(u)))) as [
    string,
    string,
  ];
});
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await emulator?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

/** A held upload takes its place once its token is checked: on a loaded machine, seconds. */
const POLL = { timeout: 20_000, interval: 50 };

const inFlight = async (): Promise<number> =>
  (await registry.getSingleMetric('gateway_uploads_in_flight')?.get())?.values[0]?.value ?? -1;

/** An upload that sends the start of its body and then nothing; `answer` settles when its connection closes. */
function heldUpload(gateway: RunningGateway, token: string, signal?: AbortSignal): Promise<RawAnswer> {
  return rawRequest({
    url: gateway.url,
    path: '/files/subidas',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(BODY.length),
      connection: 'close',
    },
    body: HELD_PART,
    ...(signal ? { signal } : {}),
  });
}

function upload(gateway: RunningGateway, token: string): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob(['id,monto\n1,10.00\n']), 'a.csv');
  return fetch(`${gateway.url}/files/subidas`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** A 408 UPLOAD_TIMEOUT in the /files refusal shape, read from a raw answer. */
function expectUploadTimeout(answer: RawAnswer, message: string) {
  expect(answer.status).toBe(408);
  const body = JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4)) as unknown;
  expect(body).toEqual({ error: { code: 'UPLOAD_TIMEOUT', message } });
}

/** With one place per operator, a new upload is accepted only if the ended one gave its place back. */
async function expectPlaceBack(gateway: RunningGateway, token: string) {
  const received = uploadsReceived;
  const accepted = await upload(gateway, token);
  expect(accepted.status, await accepted.clone().text()).toBe(201);
  expect(uploadsReceived).toBe(received + 1);
}

/** A request whose body comes a byte every `everyMs` (after its first 10): multipart for /files, else JSON. */
function trickle(gateway: RunningGateway, path: string, token: string, body: Buffer, everyMs: number) {
  return rawRequest({
    url: gateway.url,
    path,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': path.startsWith('/files')
        ? `multipart/form-data; boundary=${BOUNDARY}`
        : 'application/json',
      'content-length': String(body.length),
      connection: 'close',
    },
    body: body.subarray(0, 10),
    trickle: { bytes: body.subarray(10), everyMs },
  });
}

const OWN_UPLOADS = 'Ya tiene 2 archivos subiéndose; espere a que terminen y vuelva a intentar.';
const REPLICA_UPLOADS =
  'Se están recibiendo demasiados archivos en este momento; vuelva a intentar en unos segundos.';

/** A 429 of the uploads in flight, in the /files refusal shape. */
async function expectTooMany(response: Response, message: string) {
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual({ error: { code: 'TOO_MANY_UPLOADS', message } });
}

describe('uploads in flight', { timeout: 60_000 }, () => {
  it('refuses the 3rd upload of one operator and the (N+1)th of the replica with 429; places come back', async () => {
    const gateway = await gatewayWith({ maxInFlight: 3 });
    const closeHeld = new AbortController();
    const before = await inFlight();
    const held = [heldUpload(gateway, admin, closeHeld.signal), heldUpload(gateway, admin, closeHeld.signal)];
    await expect.poll(inFlight, POLL).toBe(before + 2);

    // The operator's 3rd, whole and valid: refused before its body is read.
    await expectTooMany(await upload(gateway, admin), OWN_UPLOADS);
    // Another operator fills the replica's last place; the next upload, anyone's, is refused.
    held.push(heldUpload(gateway, tesoreria, closeHeld.signal));
    await expect.poll(inFlight, POLL).toBe(before + 3);
    await expectTooMany(await upload(gateway, tesoreria), REPLICA_UPLOADS);
    expect(uploadsReceived).toBe(0);

    // The held clients leave: their places come back and the same operator uploads again.
    closeHeld.abort();
    await Promise.all(held);
    await expect.poll(inFlight, POLL).toBe(before);
    const accepted = await upload(gateway, admin);
    expect(accepted.status, await accepted.clone().text()).toBe(201);
    expect(uploadsReceived).toBe(1);
    await expect.poll(inFlight, POLL).toBe(before);
  });

  // One place per operator in both: the next upload is accepted only if the ended one gave its place back.
  it.each([
    {
      name: 'sends nothing for the idle timeout',
      limits: { idleTimeoutMs: 1_000, totalTimeoutMs: 120_000 },
      send: (gateway: RunningGateway) => heldUpload(gateway, tesoreria),
      message: 'El archivo dejó de llegar durante 1 segundo y la subida se canceló; vuelva a intentar.',
    },
    {
      // A byte every 100 ms never lets the 60 s idle timer fire: the whole body would take about 13 s.
      name: 'is kept open by a trickle past the total bound',
      limits: { idleTimeoutMs: 60_000, totalTimeoutMs: 1_000 },
      send: (gateway: RunningGateway) => trickle(gateway, '/files/subidas', tesoreria, BODY, 100),
      message:
        'El archivo no terminó de llegar en 1 segundo y la subida se canceló; vuelva a intentar con una conexión más rápida o un archivo más chico.',
    },
  ])(
    'ends an upload that $name with 408 in Spanish; the operator uploads again',
    async ({ limits, send, message }) => {
      const gateway = await gatewayWith({ maxPerOperator: 1, ...limits });
      const started = performance.now();
      const ended = await send(gateway);
      expect(performance.now() - started).toBeGreaterThanOrEqual(900);
      expect(ended.bytesSent).toBeLessThan(BODY.length);
      expectUploadTimeout(ended, message);
      await expectPlaceBack(gateway, tesoreria);
    },
  );

  it("ends any other request trickled in at the server's request timeout (the uploads' bound and 5 s)", async () => {
    const gateway = await gatewayWith({ totalTimeoutMs: 1_000 });
    const body = Buffer.from(JSON.stringify({ query: `{ __typename } #${'x'.repeat(2_000)}` }));
    const started = performance.now();
    // A GraphQL body of 2 KB at a byte every 50 ms: 100 s, were it not ended (Node's own bound is 300 s).
    const trickled = await trickle(gateway, '/graphql', admin, body, 50);
    expect(trickled.status).toBe(408);
    expect(performance.now() - started).toBeGreaterThanOrEqual(5_900);
    expect(trickled.bytesSent).toBeLessThan(body.length);
  });

  it('counts in its 429 the uploads the operator really has in flight', () => {
    const take = uploadSlots({ maxInFlight: 10, maxPerOperator: 3 });
    const held = [take('a'), take('a'), take('a')];
    const refused = take('a');
    expect(refused).toBeInstanceOf(FileRefusal);
    expect((refused as FileRefusal).message).toBe(
      'Ya tiene 3 archivos subiéndose; espere a que terminen y vuelva a intentar.',
    );
    for (const slot of held) if (!(slot instanceof FileRefusal)) slot.release();
  });
});
