import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStack, type SharedEmulator, type SharedStubs } from './shared-stack.js';
import { ensureGatewayBuild, startBuiltGateway, type GatewayProcess } from './gateway-process.js';
import { rawRequest } from './raw-http.js';

/**
 * Uploads that end early, through the gateway's real process (`node dist/main.js`, as `npm start` runs it): an
 * 'error' nobody listens to stops a process, which an in-process test would only report. The security probe's
 * upload cut at every byte offset, and a client that leaves at every offset: each refused, nothing imported, the
 * process still serving and alive at the end.
 */

const BOUNDARY = 'XyZ';
const PROBE_BODY = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="collector_id"\r\n\r\n10001\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n` +
    'external_transaction_id,concept_id,concept_description,amount,payer_email\r\n' +
    `A1,1,Cuota,10.00,ana@example.com\r\n\r\n--${BOUNDARY}--`,
);

let stubs: SharedStubs;
let emulator: SharedEmulator;
let child: ChildProcess | undefined;
let gateway: GatewayProcess | undefined;
let token: string;

beforeAll(async () => {
  [{ stubs, emulator }] = await Promise.all([sharedStack(), ensureGatewayBuild()]);
  gateway = await startBuiltGateway(
    { stubsUrl: stubs.url, issuer: emulator.issuer, jwksUrl: emulator.jwksUrl },
    {},
    (spawned) => (child = spawned),
  );
  token = await emulator.accessTokenFor('tesoreria');
}, 180_000);
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

const upload = (body: Buffer, declared = body.length, leave = false) =>
  rawRequest({
    url: gateway!.url,
    path: '/files/importaciones',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(declared),
      connection: 'close',
    },
    body,
    leave,
  });

const importRequests = async () =>
  (
    (await (await fetch(`${stubs.url}/__admin/requests?service=import`)).json()) as Array<{ method: string }>
  ).filter((r) => r.method === 'POST').length;

describe('the gateway process and uploads that end early', { timeout: 180_000 }, () => {
  it('answers each cut body 400, each client that leaves is forgotten, and it is still alive', async () => {
    await fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
    for (let cut = 0; cut < PROBE_BODY.length; cut++) {
      const answer = await upload(PROBE_BODY.subarray(0, cut));
      expect(answer.status, `cut at ${cut}:\n${gateway!.output()}`).toBe(400);
      expect((await upload(PROBE_BODY.subarray(0, cut), PROBE_BODY.length, true)).status).toBeNull();
    }
    expect(await importRequests()).toBe(0);
    expect((await fetch(`${gateway!.url}/healthz`)).status).toBe(200);
    // The whole body is still imported: the refusals were the cuts, not the route.
    const whole = await upload(PROBE_BODY);
    expect(whole.status, whole.text).toBeLessThan(300);
    expect(await importRequests()).toBe(1);
    expect(gateway!.child.exitCode).toBeNull();
    expect(gateway!.output()).not.toMatch(/Uncaught|Emitted 'error' event/);
  });
});
