import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedStack, type SharedEmulator, type SharedStubs } from '../shared-stack.js';
import { startSourceGateway, type GatewayProcess } from '../gateway-process.js';
import { gql, injectLatency } from '../http-helpers.js';
import { webOperation } from '../web-documents.js';

/**
 * A replica killed mid-bulk: SIGKILL while a bulk cancel is being sent, on the embedded store in a data
 * folder. The next gateway on that folder finds the move its predecessor left pending and closes it (each item it
 * had no outcome for 'Resultado desconocido', the outcome's audit line written by the survivor); the operator's
 * retry with the same key answers every item SUCCESS, and each payment was cancelled once.
 */

let stubs: SharedStubs;
let emulator: SharedEmulator;
const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'moves-killed-'));

beforeAll(async () => {
  ({ stubs, emulator } = await sharedStack());
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const startReplica = (): Promise<GatewayProcess> =>
  startSourceGateway(
    { stubsUrl: stubs.url, issuer: emulator.issuer, jwksUrl: emulator.jwksUrl },
    {
      STORE_DATA_DIR: dataDir,
      BULK_CONCURRENCY: '2',
      // A dead replica's moves are closed soon after it dies.
      MOVE_LEASE_MS: '1500',
      MOVE_RECOVER_EVERY_MS: '250',
    },
    (spawned) => children.push(spawned),
  );

interface Result {
  id: string;
  outcome: string;
  error: { code: string | null } | null;
}

describe('a replica killed mid-bulk', { timeout: 180_000 }, () => {
  it("its move is closed by the next replica, and the operator's retry answers what happened", async () => {
    const filters = encodeURIComponent(
      JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]),
    );
    const ids = (
      (await (await fetch(`${stubs.url}/payment/pagos?filters=${filters}&limit=10`)).json()) as {
        rows: Array<{ id: string | number }>;
      }
    ).rows.map((row) => String(row.id));
    expect(ids).toHaveLength(10);
    const cancels = async () =>
      (
        (await (await fetch(`${stubs.url}/__admin/requests?service=payment`)).json()) as Array<{
          method: string;
          path: string;
        }>
      ).filter((r) => r.method === 'POST' && r.path.endsWith('/cancelar'));
    const token = await emulator.accessTokenFor('operador');
    const key = randomUUID();
    const variables = { ids, reason: 'Cierre de período', idempotencyKey: key };

    const first = await startReplica();
    await injectLatency(stubs.url, 'payment', 250);
    const bulk = gql(`${first.url}/graphql`, webOperation('BulkCancelPayments'), { token, variables }).catch(
      (error: unknown) => error,
    );
    await expect
      .poll(async () => (await cancels()).length, { timeout: 60_000, interval: 20 })
      .toBeGreaterThan(2);
    first.child.kill('SIGKILL');
    await first.exited;
    await bulk;
    const sentByTheDead = new Set((await cancels()).map((c) => c.path));
    expect(sentByTheDead.size).toBeLessThan(ids.length);

    // The next replica on the folder: the dead one's move is closed once its lease ran out.
    const second = await startReplica();
    const admin = await emulator.accessTokenFor('admin');
    const ACTIVITY = `query { activity(filter: { operation: "bulkCancelPayments" }, page: 1, pageSize: 5) {
      rows { user result errorCode items { id result } } } }`;
    await expect
      .poll(
        async () =>
          (
            await gql<{ activity: { rows: Array<{ result: string }> } }>(`${second.url}/graphql`, ACTIVITY, {
              token: admin,
            })
          ).body.data?.activity.rows[0]?.result,
        { timeout: 60_000, interval: 200 },
      )
      .toBe('UNKNOWN');
    const recovered = JSON.parse(
      second
        .output()
        .split('\n')
        .find((line) => line.includes('"recovered":true'))!,
    ) as { user: string; operation: string };
    expect(recovered).toMatchObject({ user: 'operador', operation: 'bulkCancelPayments' });

    // The operator retries with the same key: every item SUCCESS, whether the dead replica had sent it or not.
    const retry = await gql<{ bulkCancelPayments: { results: Result[] } }>(
      `${second.url}/graphql`,
      webOperation('BulkCancelPayments'),
      { token, variables },
    );
    expect(retry.body.data?.bulkCancelPayments.results.map((r) => [r.id, r.outcome])).toEqual(
      ids.map((id) => [id, 'SUCCESS']),
    );
    for (const id of ids) {
      const payment = (await (await fetch(`${stubs.url}/payment/pagos/${id}`)).json()) as { status: string };
      expect(payment.status).toBe('rejected');
    }
    // Each payment cancelled once: what the dead replica sent was answered again by the service under its key.
    const rows = (
      await gql<{ activity: { rows: Array<{ result: string; items: Array<{ result: string }> }> } }>(
        `${second.url}/graphql`,
        ACTIVITY,
        { token: admin },
      )
    ).body.data!.activity.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: 'SUCCESS' });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
