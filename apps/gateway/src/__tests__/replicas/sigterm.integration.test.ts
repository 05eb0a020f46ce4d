import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStack, type SharedEmulator, type SharedStubs } from '../shared-stack.js';
import { startSourceGateway } from '../gateway-process.js';
import { gql, injectLatency } from '../http-helpers.js';
import { webOperation } from '../web-documents.js';

/**
 * The gateway's real process (main.ts: OpenTelemetry, the server, the signal handlers) receives SIGTERM while a
 * bulk action is running: it refuses new connections, finishes the bulk (every item answered, each written once),
 * logs "stopped" and exits 0. With nothing in flight (a served client's keep-alive connection still open, the
 * metrics port open) it exits 0 at once: long before the grace period an idle connection would otherwise hold it for.
 */

/** The drain's limit in these tests. An idle kept-alive connection that held the process would keep it this long. */
const GRACE_MS = 60_000;

let stubs: SharedStubs;
let emulator: SharedEmulator;
let child: ChildProcess | undefined;

beforeAll(async () => {
  ({ stubs, emulator } = await sharedStack());
  await injectLatency(stubs.url, '*', 150);
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

const startProcess = (extraEnv: Record<string, string> = {}) =>
  startSourceGateway(
    { stubsUrl: stubs.url, issuer: emulator.issuer, jwksUrl: emulator.jwksUrl },
    { SHUTDOWN_GRACE_MS: String(GRACE_MS), BULK_CONCURRENCY: '4', ...extraEnv },
    (spawned) => (child = spawned),
  );

describe('SIGTERM to the gateway process', { timeout: 120_000 }, () => {
  it('exits 0 at once when nothing is in flight, not held by an idle connection', async () => {
    const gateway = await startProcess({ METRICS_PORT: '0' });
    const token = await emulator.accessTokenFor('admin');
    // A request served: this process's fetch keeps its connection alive, as a browser or a proxy would.
    const served = await gql<{ me: { username: string } }>(`${gateway.url}/graphql`, '{ me { username } }', {
      token,
    });
    expect(served.status, served.text).toBe(200);

    const signalled = performance.now();
    child!.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    // 'At once' on a loaded 2-core machine: under a sixth of the grace (it took 0.1-1.2 s), while an idle
    // connection held open would keep the process the whole grace period.
    expect(performance.now() - signalled).toBeLessThan(GRACE_MS / 6);
    expect(gateway.output()).toContain('"msg":"stopped"');
  });

  it('finishes the bulk action in flight, refuses new connections and exits 0', async () => {
    const gateway = await startProcess();
    const token = await emulator.accessTokenFor('admin');
    const filters = encodeURIComponent(
      JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]),
    );
    const rows = (
      (await (await fetch(`${stubs.url}/payment/pagos?filters=${filters}&limit=12`)).json()) as {
        rows: Array<{ id: string | number }>;
      }
    ).rows;
    const ids = rows.map((row) => String(row.id));
    expect(ids).toHaveLength(12);
    await fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
    const writes = async () =>
      (
        (await (await fetch(`${stubs.url}/__admin/requests?service=payment`)).json()) as Array<{
          method: string;
          path: string;
        }>
      ).filter((r) => r.method === 'POST');

    const bulk = gql<{ bulkCancelPayments: { results: Array<{ id: string; outcome: string }> } }>(
      `${gateway.url}/graphql`,
      webOperation('BulkCancelPayments'),
      { token, variables: { ids, reason: 'Cierre de período', idempotencyKey: 'cierre-de-periodo-1' } },
    );
    await expect
      .poll(async () => (await writes()).length, { timeout: 30_000, interval: 20 })
      .toBeGreaterThan(0);
    child!.kill('SIGTERM');
    const writesAtSignal = (await writes()).length;

    const response = await bulk;
    expect(response.status, response.text).toBe(200);
    expect(response.body.data?.bulkCancelPayments.results.map((r) => [r.id, r.outcome])).toEqual(
      ids.map((id) => [id, 'SUCCESS']),
    );
    expect(await gateway.exited).toBe(0);
    expect(writesAtSignal).toBeLessThan(ids.length);
    const posted = (await writes()).map((w) => w.path);
    expect(posted).toHaveLength(ids.length);
    expect(new Set(posted).size).toBe(ids.length);
    await expect(fetch(`${gateway.url}/healthz`)).rejects.toThrow();
    const lines = gateway
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; signal?: string });
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
  });
});
