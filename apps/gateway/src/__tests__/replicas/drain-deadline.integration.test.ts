import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStack, type SharedEmulator, type SharedStubs } from '../shared-stack.js';
import type { RunningGateway } from '../../index.js';
import { gql } from '../http-helpers.js';
import { startLocalGateway } from '../local-gateway.js';
import { webOperation } from '../web-documents.js';

/**
 * A drain that outlives its grace period: the gateway is stopped (the same `close()` its SIGTERM handler calls,
 * run.ts) while a bulk action is running against slow upstream writes, and the grace period is too short to finish
 * it. Before the connection is cut the bulk answers: items written are SUCCESS (written once), items never sent
 * are FAILED with the Spanish "not sent, safe to retry" reason (never written), the writes in flight at the
 * deadline are UNKNOWN (check before retrying). No false success, no second write.
 */

interface Recorded {
  method: string;
  path: string;
}
interface BulkResult {
  id: string;
  outcome: string;
  error: { message: string; code: string | null } | null;
}

const GRACE_MS = 6_000;
const WRITE_LATENCY_MS = 1_000;

let stubs: SharedStubs;
let emulator: SharedEmulator;
let gateway: RunningGateway | undefined;

beforeAll(async () => {
  ({ stubs, emulator } = await sharedStack());
});
afterAll(async () => {
  await gateway?.close();
});

const CANCEL_PATH = /^\/payment\/pagos\/(\d+)\/cancelar$/;
async function cancels(): Promise<string[]> {
  const requests = (await (
    await fetch(`${stubs.url}/__admin/requests?service=payment`)
  ).json()) as Recorded[];
  return requests
    .filter((r) => r.method === 'POST')
    .map((r) => CANCEL_PATH.exec(r.path)?.[1])
    .filter((id): id is string => id !== undefined);
}

describe('stopping the gateway when the grace period ends mid-bulk', { timeout: 120_000 }, () => {
  it('answers every item before the cut: done as done, never-sent FAILED (retry safe), in-flight UNKNOWN', async () => {
    const filters = encodeURIComponent(
      JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]),
    );
    const page = (await (await fetch(`${stubs.url}/payment/pagos?filters=${filters}&limit=1000`)).json()) as {
      rows: Array<{ id: string | number }>;
    };
    const ids = page.rows.map((row) => String(row.id));
    // enough items that 8 at once at WRITE_LATENCY_MS each cannot all be written within the grace period
    expect(ids.length).toBeGreaterThanOrEqual(50);

    gateway = await startLocalGateway(stubs.url, emulator, {
      upstreamTimeoutMs: 30_000,
      mutationTimeoutMs: 30_000,
      shutdownGraceMs: GRACE_MS,
      metricsPort: null,
    });
    const token = await emulator.accessTokenFor('admin');
    await fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
    const fault = await fetch(`${stubs.url}/__admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'payment', latencyMs: WRITE_LATENCY_MS }),
    });
    expect(fault.status).toBe(200);

    const bulk = gql<{ bulkCancelPayments: { results: BulkResult[] } }>(
      gateway.graphqlUrl,
      webOperation('BulkCancelPayments'),
      { token, variables: { ids, reason: 'Cierre de período', idempotencyKey: 'cierre-de-periodo-1' } },
    );
    await expect
      .poll(async () => (await cancels()).length, { timeout: 30_000, interval: 20 })
      .toBeGreaterThan(0);
    const stopStarted = performance.now();
    const stopped = gateway.close();

    const response = await bulk;
    const answeredAfterMs = performance.now() - stopStarted;
    await stopped;
    gateway = undefined;

    // The answer came before the cut (the grace period), with one result per id, in order.
    expect(response.status, response.text).toBe(200);
    expect(response.body.errors, response.text).toBeUndefined();
    expect(answeredAfterMs).toBeLessThan(GRACE_MS);
    const results = response.body.data!.bulkCancelPayments.results;
    expect(results.map((r) => r.id)).toEqual(ids);

    const byOutcome = (outcome: string) => results.filter((r) => r.outcome === outcome);
    const succeeded = byOutcome('SUCCESS');
    const notSent = byOutcome('FAILED');
    const unknown = byOutcome('UNKNOWN');
    expect(succeeded.length + notSent.length + unknown.length).toBe(ids.length);
    expect(succeeded.length).toBeGreaterThan(0);
    expect(notSent.length).toBeGreaterThan(0);
    // at most BULK_CONCURRENCY (8) writes were in flight at the deadline
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.length).toBeLessThanOrEqual(8);
    for (const r of notSent) {
      expect(r.error).toMatchObject({
        code: 'SERVER_RESTARTING',
        message: `Pago ${r.id}: no se envió porque el servidor se estaba reiniciando. Puede reintentarlo sin riesgo.`,
      });
    }
    for (const r of unknown) {
      expect(r.error).toMatchObject({
        code: 'SERVER_RESTARTING',
        message: `Pago ${r.id}: el servidor se reinició mientras se enviaba; no se pudo confirmar el resultado. Verifique el estado antes de reintentar.`,
      });
    }

    // Let the writes in flight land, then read the stubs' log: each SUCCESS written exactly once, no never-sent
    // item written at all, each UNKNOWN at most once; the log holds nothing else.
    await expect
      .poll(
        async () => {
          const log = await cancels();
          return unknown.every((r) => log.includes(r.id));
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe(true);
    const written = await cancels();
    const count = (id: string) => written.filter((w) => w === id).length;
    for (const r of succeeded) expect(count(r.id), r.id).toBe(1);
    for (const r of notSent) expect(count(r.id), r.id).toBe(0);
    for (const r of unknown) expect(count(r.id), r.id).toBe(1);
    expect(written).toHaveLength(succeeded.length + unknown.length);

    // The stubs agree: the SUCCESS ones are cancelled, the never-sent ones untouched.
    const status = async (id: string) =>
      ((await (await fetch(`${stubs.url}/payment/pagos/${id}`)).json()) as { status: string }).status;
    await fetch(`${stubs.url}/__admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'payment', latencyMs: 0 }),
    });
    expect(await status(succeeded[0]!.id)).not.toMatch(/pending|issued/);
    expect(await status(notSent[0]!.id)).toMatch(/pending|issued/);
  });
});
