import type { NewActivity, Store } from '@backoffice/store';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '../../audit/audit-plugin.js';
import { createLogger } from '../../logger.js';
import { registry } from '../../telemetry/metrics.js';
import { createActivityWriter } from '../activity-writer.js';

const event = (id: string, over: Partial<AuditEvent> = {}): AuditEvent => ({
  event: 'audit',
  user: 'operador',
  permissionUsed: 'PAYMENT_CANCEL',
  operation: 'cancelPayment',
  operationName: 'Cancel',
  targetIds: [id],
  reason: null,
  result: 'unknown',
  errorCode: 'UPSTREAM_TIMEOUT',
  requestId: `req-${id}`,
  ...over,
});

const dropped = async (reason: string): Promise<number> => {
  const metric = await registry.getSingleMetric('gateway_activity_events_dropped_total')?.get();
  return metric?.values.find((v) => v.labels.reason === reason)?.value ?? 0;
};

/** A store that records the batches it is given, or fails them. */
function fakeStore(fail = false) {
  const batches: NewActivity[][] = [];
  const purgedBefore: Date[] = [];
  const store = {
    insertActivity: async (rows: readonly NewActivity[]) => {
      if (fail) throw new Error('connection terminated');
      batches.push([...rows]);
    },
    purgeActivity: async (before: Date) => {
      purgedBefore.push(before);
      return 0;
    },
  } as unknown as Store;
  return { store, batches, purgedBefore };
}

const logger = createLogger('silent');

describe('activity writer', () => {
  it('writes queued events in batches, with area, trace id and the UNKNOWN result', async () => {
    const { store, batches } = fakeStore();
    const writer = createActivityWriter({ store: () => store, logger, batchSize: 2, retentionDays: 400 });
    for (const id of ['1', '2', '3']) writer.record(event(id), { area: 'payments', traceId: 'trace-1' });
    await writer.flush();
    await writer.close();
    expect(batches.map((b) => b.map((r) => r.target_ids[0]))).toEqual([['1', '2'], ['3']]);
    expect(batches[0]![0]).toMatchObject({ area: 'payments', trace_id: 'trace-1', result: 'unknown' });
  });

  it("keeps an action's first 10 ids with their count and the first 200 characters of its reason", async () => {
    const { store, batches } = fakeStore();
    const writer = createActivityWriter({ store: () => store, logger, retentionDays: 400 });
    const ids = Array.from({ length: 150 }, (_, i) => `wd-${i}`);
    writer.record(event('x', { targetIds: ids, targetCount: 180, reason: 'r'.repeat(500) }), {
      area: 'withdrawals',
      traceId: null,
    });
    writer.record(event('7'), { area: 'payments', traceId: null });
    await writer.close();
    expect(batches[0]!.map((r) => [r.target_ids, r.target_count, r.reason?.length ?? 0])).toEqual([
      [ids.slice(0, 10), 180, 200],
      [['7'], 1, 0],
    ]);
  });

  it('cleans a NUL or a lone surrogate out of what it stores (PostgreSQL would refuse the whole batch)', async () => {
    const { store, batches } = fakeStore();
    const writer = createActivityWriter({ store: () => store, logger, batchSize: 10, retentionDays: 400 });
    writer.record(
      event('1\u0000', {
        reason: 'motivo\ud800',
        result: 'failed',
        items: [{ id: '2\udc00', result: 'failed' }],
      }),
      { area: 'payments', traceId: null },
    );
    await writer.close();
    expect(batches[0]![0]).toMatchObject({
      target_ids: ['1\ufffd'],
      reason: 'motivo\ufffd',
      items: JSON.stringify([{ id: '2\ufffd', result: 'failed' }]),
    });
  });

  it('drops and counts past its bound, when the store is not open and when a batch fails', async () => {
    const full = await dropped('queue_full');
    const unavailable = await dropped('store_unavailable');
    const failed = await dropped('store_error');

    const none = createActivityWriter({ store: () => null, logger, maxQueue: 2, retentionDays: 400 });
    for (const id of ['1', '2', '3']) none.record(event(id), { area: null, traceId: null });
    await none.close();
    expect(await dropped('queue_full')).toBe(full + 1);
    expect(await dropped('store_unavailable')).toBe(unavailable + 2);

    const broken = createActivityWriter({ store: () => fakeStore(true).store, logger, retentionDays: 400 });
    broken.record(event('4'), { area: null, traceId: null });
    await broken.close();
    expect(await dropped('store_error')).toBe(failed + 1);
  });

  it('purges what is older than the retention', async () => {
    const { store, purgedBefore } = fakeStore();
    const now = new Date('2026-11-23T12:00:00Z');
    const writer = createActivityWriter({ store: () => store, logger, retentionDays: 400, now: () => now });
    await writer.purge();
    await writer.close();
    expect(purgedBefore).toEqual([new Date('2025-10-19T12:00:00Z')]);
  });
});
