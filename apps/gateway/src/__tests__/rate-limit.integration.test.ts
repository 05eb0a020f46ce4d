import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStack, type SharedEmulator, type SharedStubs } from './shared-stack.js';
import type { RunningGateway } from '../index.js';
import { RATE_LIMITED_MESSAGE } from '../limits/rate-limit.js';
import { UNAUTHENTICATED_MESSAGE } from '../upstream/error-catalogue.js';
import { gql } from './http-helpers.js';
import { startLocalGateway } from './local-gateway.js';

/**
 * The per-operator rate limit over HTTP: past RATE_LIMIT_MAX requests in the window, one operator gets 429 with
 * the Spanish message (and nothing reaches the services) while another operator is still served; probes and the
 * metrics port are never limited, and the refusals are counted in the metrics.
 */

const MAX = 3;
let stubs: SharedStubs;
let emulator: SharedEmulator;
let gateway: RunningGateway;

beforeAll(async () => {
  ({ stubs, emulator } = await sharedStack());
  // A window far longer than the test: no request leaves it while the test runs.
  gateway = await startLocalGateway(stubs.url, emulator, {
    rateLimitMax: MAX,
    rateLimitWindowMs: 3_600_000,
    metricsPort: 0,
    metricsHost: '127.0.0.1',
  });
});
afterAll(async () => {
  await gateway?.close();
});

const PAYMENT = 'query Pago { payment(id: "1000001") { id } }';

async function rateLimitedCount(): Promise<number> {
  const text = await (await fetch(`${gateway.metricsUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('gateway_rate_limited_total '));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('per-operator rate limit', () => {
  it('refuses one operator past the limit with 429 and the Spanish message while another is served', async () => {
    const [operador, admin] = await Promise.all([
      emulator.accessTokenFor('operador'),
      emulator.accessTokenFor('admin'),
    ]);
    const before = await rateLimitedCount();

    for (let i = 0; i < MAX; i++) {
      const ok = await gql(gateway.graphqlUrl, PAYMENT, { token: operador });
      expect(ok.status, ok.text).toBe(200);
    }
    await fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });

    const refused = await gql(gateway.graphqlUrl, PAYMENT, { token: operador });
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toEqual([
      { message: RATE_LIMITED_MESSAGE, extensions: { code: 'RATE_LIMITED' } },
    ]);
    expect(refused.body.errors?.[0]?.message).toBe(
      'Demasiadas solicitudes; espere unos segundos y vuelva a intentar',
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Nothing was sent upstream for the refused request.
    expect(await (await fetch(`${stubs.url}/__admin/requests`)).json()).toEqual([]);

    // Another operator, same replica, same moment: served.
    const other = await gql<{ payment: { id: string } }>(gateway.graphqlUrl, PAYMENT, { token: admin });
    expect(other.status, other.text).toBe(200);
    expect(other.body.data?.payment.id).toBe('1000001');

    // Probes are not limited, nor is the metrics port; the refusal is counted.
    for (let i = 0; i < MAX + 2; i++) {
      expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${gateway.url}/readyz`)).status).toBe(200);
    }
    expect(await rateLimitedCount()).toBe(before + 1);
  });

  it('counts /files in the same limit: past it a file call gets 429 in the files shape, and GraphQL too', async () => {
    const token = await emulator.accessTokenFor('impuestos');
    const before = await rateLimitedCount();
    const download = () =>
      fetch(`${gateway.url}/files/exportaciones/1`, { headers: { authorization: `Bearer ${token}` } });
    for (let i = 0; i < MAX; i++) expect((await download()).status).not.toBe(429);

    const refused = await download();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE } });
    // One count per operator for both APIs.
    expect((await gql(gateway.graphqlUrl, PAYMENT, { token })).status).toBe(429);
    expect(await rateLimitedCount()).toBe(before + 2);
  });

  it('counts GraphQL in the same limit as /files: past it by GraphQL, a file call is refused alike', async () => {
    const token = await emulator.accessTokenFor('consulta');
    for (let i = 0; i < MAX; i++) {
      expect((await gql(gateway.graphqlUrl, PAYMENT, { token })).status).not.toBe(429);
    }
    const [graphql, file] = [
      await gql(gateway.graphqlUrl, PAYMENT, { token }),
      await fetch(`${gateway.url}/files/exportaciones/1`, { headers: { authorization: `Bearer ${token}` } }),
    ];
    // The same refusal in each API's shape: status, code, Spanish message and headers.
    expect(graphql.status).toBe(429);
    expect(file.status).toBe(429);
    expect(graphql.body.errors).toEqual([
      { message: RATE_LIMITED_MESSAGE, extensions: { code: 'RATE_LIMITED' } },
    ]);
    expect(await file.json()).toEqual({ error: { code: 'RATE_LIMITED', message: RATE_LIMITED_MESSAGE } });
    for (const name of ['retry-after', 'ratelimit-policy', 'cache-control']) {
      expect(file.headers.get(name), name).toBe(graphql.headers.get(name));
    }
    expect(file.headers.get('ratelimit')).toMatch(/^"operador"; r=0; t=\d+$/);
    expect(graphql.headers.get('ratelimit')).toMatch(/^"operador"; r=0; t=\d+$/);
  });

  it('refuses a bad token alike on /graphql and /files: 401, the same message, WWW-Authenticate, no count', async () => {
    const graphql = await gql(gateway.graphqlUrl, PAYMENT, { token: 'not-a-token' });
    const file = await fetch(`${gateway.url}/files/exportaciones/1`, {
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect([graphql.status, file.status]).toEqual([401, 401]);
    expect(graphql.body.errors).toEqual([
      { message: UNAUTHENTICATED_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } },
    ]);
    expect(await file.json()).toEqual({
      error: { code: 'UNAUTHENTICATED', message: UNAUTHENTICATED_MESSAGE },
    });
    for (const response of [graphql, file]) {
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(response.headers.get('ratelimit')).toBeNull();
    }
  });

  it('answers refused tokens with 401 however many arrive (they are refused before the limit counts)', async () => {
    for (let i = 0; i < MAX + 2; i++) {
      expect((await gql(gateway.graphqlUrl, PAYMENT, { token: 'not-a-token' })).status).toBe(401);
    }
  });
});
