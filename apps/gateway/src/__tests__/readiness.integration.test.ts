import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../index.js';
import { gql } from './http-helpers.js';
import { startLocalGateway } from './local-gateway.js';
import { sharedStack, type SharedEmulator, type SharedStubs } from './shared-stack.js';

/**
 * Ready means ready: `/readyz` is 503 until the store is open, while the process lives (`/healthz`) and
 * serves what needs no store; a money move then is refused and sent nowhere. On a stop, `/readyz` answers 503 at
 * once while requests are still served for the drain period, so a load balancer stops sending before any
 * connection is refused.
 */

let stubs: SharedStubs;
let emulator: SharedEmulator;
const started: RunningGateway[] = [];

beforeAll(async () => {
  ({ stubs, emulator } = await sharedStack());
});
afterAll(async () => {
  await Promise.all(started.map((gateway) => gateway.close()));
});

const readiness = async (gateway: RunningGateway) => {
  const response = await fetch(`${gateway.url}/readyz`);
  return { status: response.status, body: (await response.json()) as { status: string } };
};

describe('readiness', () => {
  it('is 503 while the store is not open: reads work, a money move is refused with nothing sent', async () => {
    // A server nobody listens on: the store never opens.
    const gateway = await startLocalGateway(stubs.url, emulator, {
      store: { databaseUrl: 'postgres://backoffice@127.0.0.1:1/backoffice' },
    });
    started.push(gateway);
    expect(await readiness(gateway)).toEqual({ status: 503, body: { status: 'store_not_open' } });
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    const token = await emulator.accessTokenFor('operador');
    const me = await gql<{ me: { username: string } }>(gateway.graphqlUrl, '{ me { username } }', { token });
    expect(me.body.data?.me.username).toBe('operador');

    const requestId = `readiness-${randomUUID()}`;
    const cancel = await gql<{
      cancelPayment: { outcome: string; error: { code: string; message: string } };
    }>(
      gateway.graphqlUrl,
      `mutation { cancelPayment(id: "1000005", reason: "Pedido", idempotencyKey: "${randomUUID()}") {
        outcome error { code message } } }`,
      { token, headers: { 'x-request-id': requestId } },
    );
    expect(cancel.body.data?.cancelPayment).toEqual({
      outcome: 'FAILED',
      error: {
        code: 'STORE_UNAVAILABLE',
        message: expect.stringMatching(/^No se pudo registrar la operación/),
      },
    });
    const sent = (await (
      await fetch(`${stubs.url}/__admin/requests?requestId=${requestId}`)
    ).json()) as Array<{
      method: string;
    }>;
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('is 200 once the store is open, and 503 from the start of a stop while requests are still served', async () => {
    const gateway = await startLocalGateway(stubs.url, emulator, {
      store: { dataDir: 'memory://' },
      readinessDrainMs: 1_500,
    });
    await gateway.store!.ready();
    expect(await readiness(gateway)).toEqual({ status: 200, body: { status: 'ok' } });

    const stopped = gateway.close();
    expect(await readiness(gateway)).toEqual({ status: 503, body: { status: 'stopping' } });
    const token = await emulator.accessTokenFor('operador');
    const served = await gql<{ me: { username: string } }>(gateway.graphqlUrl, '{ me { username } }', {
      token,
    });
    expect(served.body.data?.me.username).toBe('operador');
    await stopped;
    await expect(fetch(`${gateway.url}/healthz`)).rejects.toThrow();
  }, 180_000); // it opens an embedded store itself (seconds of CPU, stretched by a busy machine): a hook's ceiling
});
