import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStack, type SharedEmulator, type SharedStubs } from '../shared-stack.js';
import { loadConfig } from '../../load-config.js';
import { startGateway, type RunningGateway } from '../../index.js';
import { createLogger } from '../../logger.js';
import { gql, injectLatency } from '../http-helpers.js';
import { webOperation } from '../web-documents.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';

/**
 * The gateway is stateless: two replicas behind a round-robin proxy (each request to the next one, as a
 * Kubernetes Service does) serve one operator's session, and a rolling update in the middle of a bulk action
 * loses nothing and commits nothing twice. The replicas are two gateways of this process with their own
 * servers, token verifiers and caches; stopping one is the same `close()` its SIGTERM handler calls (run.ts):
 * stop accepting, let the requests in flight finish, then exit.
 */

interface Recorded {
  method: string;
  path: string;
}

let stubs: SharedStubs;
let emulator: SharedEmulator;
let proxy: RoundRobinProxy;
const replicas = new Map<string, RunningGateway>();
let token: string;

async function startReplica(name: string): Promise<RunningGateway> {
  const gateway = await startGateway(
    {
      ...loadConfig({ STUBS_URL: stubs.url }),
      port: 0,
      host: '127.0.0.1',
      keycloakIssuer: emulator.issuer,
      keycloakJwksUrl: emulator.jwksUrl,
      upstreamTimeoutMs: 10_000,
      mutationTimeoutMs: 10_000,
      shutdownGraceMs: 60_000,
      metricsPort: null,
    },
    { logger: createLogger('silent') },
  );
  replicas.set(name, gateway);
  return gateway;
}

beforeAll(async () => {
  // Some latency upstream, so that a bulk action lasts long enough to be interrupted.
  ({ stubs, emulator } = await sharedStack());
  await injectLatency(stubs.url, '*', 40);
  const [a, b] = await Promise.all([startReplica('a'), startReplica('b')]);
  proxy = await startRoundRobinProxy([
    { name: 'a', url: a.url },
    { name: 'b', url: b.url },
  ]);
  token = await emulator.accessTokenFor('admin');
});
afterAll(async () => {
  await proxy?.close();
  await Promise.all([...replicas.values()].map((gateway) => gateway.close()));
});

const recorded = async (): Promise<Recorded[]> =>
  (await fetch(`${stubs.url}/__admin/requests?service=payment`)).json() as Promise<Recorded[]>;

async function cancellableIds(): Promise<string[]> {
  const filters = encodeURIComponent(
    JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]),
  );
  const page = (await (await fetch(`${stubs.url}/payment/pagos?filters=${filters}&limit=1000`)).json()) as {
    rows: Array<{ id: string | number }>;
  };
  return page.rows.map((row) => String(row.id));
}

/** Through the proxy, as the web sends it; fails the test on an HTTP or GraphQL error. */
async function web<T = Record<string, unknown>>(name: string, variables: Record<string, unknown>) {
  const response = await gql<T>(`${proxy.url}/graphql`, webOperation(name), {
    token,
    variables,
  });
  expect(response.status, response.text).toBe(200);
  expect(response.body.errors, response.text).toBeUndefined();
  return { data: response.body.data as T, servedBy: response.headers.get('x-served-by') };
}

const CANCEL_PATH = /^\/payment\/pagos\/(\d+)\/cancelar$/;
const cancelsIn = (requests: Recorded[]) =>
  requests
    .filter((r) => r.method === 'POST')
    .map((r) => CANCEL_PATH.exec(r.path)?.[1])
    .filter((id): id is string => id !== undefined);

type BulkResults = { bulkCancelPayments: { results: Array<{ id: string; outcome: string }> } };

describe('two replicas behind a round-robin proxy', { timeout: 60_000 }, () => {
  it("serve one operator's session: search, detail, an action and a bulk, alternating replicas", async () => {
    const [one, ...others] = await cancellableIds();
    const bulkIds = others.slice(0, 3);
    const servedBy = new Set<string | null>();
    const flags = { withFees: true, withBatch: true };

    servedBy.add((await web('PaymentsPermissions', {})).servedBy);
    const search = await web<{ payments: { rows: unknown[] } }>('PaymentsSearch', { page: 1, pageSize: 20 });
    expect(search.data.payments.rows.length).toBeGreaterThan(0);
    servedBy.add(search.servedBy);
    const detail = await web<{ payment: { id: string } }>('PaymentDetail', { id: one, ...flags });
    expect(detail.data.payment.id).toBe(one);
    servedBy.add(detail.servedBy);

    const cancel = await web<{ cancelPayment: { outcome: string } }>('CancelPayment', {
      id: one,
      reason: 'Pedido del pagador',
      idempotencyKey: 'cancelar-replicas-1',
      ...flags,
    });
    expect(cancel.data.cancelPayment.outcome).toBe('SUCCESS');
    servedBy.add(cancel.servedBy);
    // the next request goes to the other replica, which sees the change (no state kept in the gateway)
    const after = await web<{ payment: { status: string } }>('PaymentDetail', { id: one, ...flags });
    expect(after.servedBy).not.toBe(cancel.servedBy);
    expect(after.data.payment.status).toBe('REJECTED');

    const bulk = await web<BulkResults>('BulkCancelPayments', {
      ids: bulkIds,
      reason: 'Cierre de período',
      idempotencyKey: 'cierre-replicas-1',
    });
    expect(bulk.data.bulkCancelPayments.results.map((r) => [r.id, r.outcome])).toEqual(
      bulkIds.map((id) => [id, 'SUCCESS']),
    );
    servedBy.add(bulk.servedBy);
    expect([...servedBy].sort()).toEqual(['a', 'b']);
  });

  it('a rolling update during a bulk of 500 items: every item reported once, nothing committed twice', async () => {
    const cancellable = await cancellableIds();
    expect(cancellable.length).toBeGreaterThanOrEqual(50);
    // The seed has about a hundred cancellable payments: the rest of the 500 are ids that do not exist, each of
    // which must come back FAILED without a write.
    const missing = Array.from({ length: 500 - cancellable.length }, (_, i) => String(9_000_001 + i));
    const ids = [...cancellable, ...missing];
    await fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });

    const dispatchedBefore = proxy.served.length;
    const bulk = gql<BulkResults>(`${proxy.url}/graphql`, webOperation('BulkCancelPayments'), {
      token,
      variables: { ids, reason: 'Cierre de período', idempotencyKey: 'cierre-de-periodo-1' },
    });
    // the replica the proxy sent the bulk to
    await expect
      .poll(() => proxy.served.length, { timeout: 30_000, interval: 5 })
      .toBeGreaterThan(dispatchedBefore);
    const victimName = proxy.served[dispatchedBefore]!.backend;
    const victim = replicas.get(victimName)!;

    // Mid-bulk: some writes done, most still to go.
    await expect
      .poll(async () => cancelsIn(await recorded()).length, { timeout: 30_000, interval: 10 })
      .toBeGreaterThanOrEqual(8);

    // Rolling update: the pod is taken out of the Service, a new one starts, the old one gets SIGTERM.
    proxy.remove(victimName);
    const fresh = await startReplica('c');
    proxy.add({ name: 'c', url: fresh.url });
    const writesAtStop = cancelsIn(await recorded()).length;
    const stopped = victim.close();
    expect(writesAtStop).toBeLessThan(cancellable.length);

    // The other replicas keep serving while the old one drains.
    for (let i = 0; i < 4; i++) {
      const { servedBy } = await web('PaymentsPermissions', {});
      expect(servedBy).not.toBe(victimName);
    }
    // The stopping replica accepts no new connection.
    await expect(fetch(`${victim.url}/healthz`)).rejects.toThrow();

    const response = await bulk;
    await stopped;
    expect(response.status, response.text).toBe(200);
    expect(response.body.errors, response.text).toBeUndefined();
    const results = response.body.data!.bulkCancelPayments.results;

    // Every item reported exactly once, in order.
    expect(results.map((r) => r.id)).toEqual(ids);
    const outcomes = new Map(results.map((r) => [r.id, r.outcome]));
    for (const id of cancellable) expect(outcomes.get(id), id).toBe('SUCCESS');
    for (const id of missing) expect(outcomes.get(id), id).toBe('FAILED');

    // Exactly one write per cancellable payment, none for the others, nothing repeated.
    const writes = cancelsIn(await recorded());
    expect(writes).toHaveLength(cancellable.length);
    expect(new Set(writes)).toEqual(new Set(cancellable));
  });
});
