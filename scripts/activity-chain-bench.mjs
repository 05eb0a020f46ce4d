/**
 * The activity chain at scale (docs/operations.md, "The chain"): N rows as the gateway writes them (stamped; a mix
 * of single moves with their answer, bulk moves with items, refusals) in a scratch database of a PostgreSQL server,
 * sealed as the gateway's sealer does, then `npm run activity:verify` on it, timed.
 *
 *   npm run build && node scripts/activity-chain-bench.mjs --database-url postgres://… [--rows 1000000]
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createScratchDatabase, openStore, stampActivity } from '@backoffice/store';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    rows: { type: 'string', default: '1000000' },
    // Verified again this many times (the first run reads a cold cache).
    verifications: { type: 'string', default: '1' },
  },
});
const serverUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (!serverUrl) throw new Error('--database-url (or DATABASE_URL) names the PostgreSQL server');
const total = Number(values.rows);
const secret = 'bench-activity-chain-secret-0123456789abcdef';
const log = (text) => process.stdout.write(`${text}\n`);

const scratch = await createScratchDatabase(serverUrl, 'chain_bench');
const store = await openStore({ databaseUrl: scratch.databaseUrl, callTimeoutMs: 600_000 });
try {
  const t0 = Date.now();
  const start = Date.parse('2026-01-01T00:00:00Z');
  const BATCH = 2_500;
  for (let written = 0; written < total; written += BATCH) {
    const rows = [];
    for (let i = written; i < Math.min(total, written + BATCH); i++) {
      const kind = i % 10;
      const ids = kind === 0 ? Array.from({ length: 10 }, (_, k) => String(1_000_000 + i + k)) : [String(i)];
      rows.push(
        stampActivity(secret, {
          at: new Date(start + i * 1_000),
          username: `operador${i % 200}`,
          permission: kind === 9 ? null : 'PAYMENT_CANCEL',
          area: 'payments',
          operation: kind === 0 ? 'bulkCancelPayments' : 'cancelPayment',
          operation_name: 'Cancel',
          target_ids: ids,
          target_count: ids.length,
          result: kind === 9 ? 'denied' : 'success',
          error_code: kind === 9 ? 'FORBIDDEN' : null,
          reason: 'Pedido del pagador',
          items: kind === 0 ? JSON.stringify(ids.map((id) => ({ id, result: 'success' }))) : null,
          request_id: `req-${i}`,
          trace_id: null,
          origin: '10.0.0.7',
          ...(kind === 9
            ? {}
            : {
                state: 'done',
                idempotency_key: `key-${i}`,
                request_hash: 'h'.repeat(64),
                answer: JSON.stringify({ outcome: 'SUCCESS', message: 'Pago cancelado.' }),
                completed_at: new Date(start + i * 1_000 + 300),
                holder: 'gateway-a',
                generation: 1,
              }),
        }),
      );
    }
    await store.insertActivity(rows);
  }
  log(`${total} rows written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

  const t1 = Date.now();
  let sealed = 0;
  for (;;) {
    const result = await store.sealActivity(secret, { limit: 10_000 });
    sealed += result.sealed;
    if (result.sealed < 10_000) break;
  }
  log(`${sealed} rows sealed in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  await store.writeDigests(secret);

  for (let run = 0; run < Number(values.verifications); run++) {
    const t2 = Date.now();
    const verify = spawnSync(process.execPath, ['packages/store/dist/verify-cli.js'], {
      env: { ...process.env, DATABASE_URL: scratch.databaseUrl, ACTIVITY_CHAIN_SECRET: secret },
      encoding: 'utf8',
    });
    log(`activity:verify: exit ${verify.status} in ${((Date.now() - t2) / 1000).toFixed(1)} s`);
    log((verify.stdout + verify.stderr).trim());
    if (verify.status !== 0) process.exitCode = 1;
  }
} finally {
  await store.close();
  await scratch.drop();
}
