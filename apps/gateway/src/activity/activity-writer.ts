/**
 * The audit events written to the store, off the request path: each event joins a bounded queue and is written in
 * batches; a mutation never waits for it. A full queue, a store not yet open or a failed batch loses those events
 * from the store only (the audit line is on stdout already) and counts them in
 * `gateway_activity_events_dropped_total`. Retention: events older than `retentionDays` are purged once a day.
 * A row keeps an event's first 10 ids (and how many it named) and the first 200 characters of its reason: the
 * audit line has the rest of an action that ran.
 */
import type { NewActivity, Store } from '@backoffice/store';
import { COMPACT_IDS, COMPACT_REASON, type AuditEvent } from '../audit/audit-plugin.js';
import { cleanText } from '../limits/input-guard.js';
import type { Logger } from '../logger.js';
import { requestOrigin } from './request-origin.js';
import { countActivityDropped, countActivityStored } from '../telemetry/metrics.js';

export interface ActivityWriterOptions {
  store: () => Store | null;
  logger: Logger;
  /** Most events waiting (default 10 000); past it new events are dropped and counted. */
  maxQueue?: number;
  /** Most events per insert (default 200). */
  batchSize?: number;
  /** How long an event may wait for its batch (default 250 ms). */
  flushDelayMs?: number;
  retentionDays: number;
  /** Between purges (default a day). */
  purgeEveryMs?: number;
  now?: () => Date;
}

export interface ActivityWriter {
  /** Queues one audit event (its area, trace id and store namespace beside it); returns at once. */
  record(event: AuditEvent, extra: ActivityExtra): void;
  /** Writes what is queued now (tests, stop). */
  flush(): Promise<void>;
  /** Deletes the events past retention; how many. */
  purge(): Promise<number>;
  close(): Promise<void>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a row has that its audit event does not: the area, the trace, the test namespace (store-namespace.ts). */
export interface ActivityExtra {
  area: string | null;
  traceId: string | null;
  /** '' or absent: the normal case. */
  namespace?: string;
  /** The client's address; absent: the running request's (request-origin.ts). */
  origin?: string | null;
}

/** An audit event as its activity row (also a money move's intent: money/move.ts). */
export function activityRow(
  event: Omit<AuditEvent, 'result'> & { result: string },
  extra: ActivityExtra,
  at: Date,
): NewActivity {
  return {
    ...(extra.namespace ? { namespace: extra.namespace } : {}),
    at,
    username: event.user,
    permission: event.permissionUsed,
    area: extra.area,
    operation: event.operation,
    operation_name: event.operationName,
    // Cut first, then cleaned: a NUL or a lone surrogate (or one left by the cut) would make PostgreSQL refuse
    // the whole batch (input-guard.ts).
    target_ids: event.targetIds.slice(0, COMPACT_IDS).map(cleanText),
    target_count: event.targetCount ?? event.targetIds.length,
    result: event.result,
    error_code: event.errorCode,
    reason: event.reason == null ? null : cleanText(event.reason.slice(0, COMPACT_REASON)),
    items: event.items
      ? JSON.stringify(event.items, (_key, value: unknown) =>
          typeof value === 'string' ? cleanText(value) : value,
        )
      : null,
    request_id: event.requestId,
    trace_id: extra.traceId,
    origin: extra.origin === undefined ? requestOrigin() : extra.origin,
  };
}

export function createActivityWriter(options: ActivityWriterOptions): ActivityWriter {
  const { logger, retentionDays } = options;
  const maxQueue = options.maxQueue ?? 10_000;
  const batchSize = options.batchSize ?? 200;
  const flushDelayMs = options.flushDelayMs ?? 250;
  const now = options.now ?? (() => new Date());
  const queue: NewActivity[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | null = null;
  let lastWarning = 0;

  const warn = (message: string, fields: Record<string, unknown>) => {
    // At most one line a minute: a store that is down must not flood the log.
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    logger.warn(message, fields);
  };

  const writeQueued = async (): Promise<void> => {
    while (queue.length) {
      const batch = queue.splice(0, batchSize);
      const store = options.store();
      if (!store) {
        countActivityDropped('store_unavailable', batch.length);
        warn('activity not stored: store not open', { dropped: batch.length });
        continue;
      }
      try {
        await store.insertActivity(batch);
        countActivityStored(batch.length);
      } catch (error) {
        countActivityDropped('store_error', batch.length);
        warn('activity not stored: store error', { dropped: batch.length, error: String(error) });
      }
    }
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    writing ??= writeQueued().finally(() => {
      writing = null;
      if (queue.length) schedule();
    });
    return writing;
  };

  function schedule() {
    if (timer || writing) return;
    timer = setTimeout(() => void flush(), flushDelayMs);
    timer.unref();
  }

  const purge = async (): Promise<number> => {
    const store = options.store();
    if (!store) return 0;
    try {
      const deleted = await store.purgeActivity(new Date(now().getTime() - retentionDays * DAY_MS));
      if (deleted) logger.info('activity purged', { deleted, retentionDays });
      return deleted;
    } catch (error) {
      logger.warn('activity purge failed', { error: String(error) });
      return 0;
    }
  };
  const purgeTimer = setInterval(() => void purge(), options.purgeEveryMs ?? DAY_MS);
  purgeTimer.unref();

  return {
    record(event, extra) {
      if (queue.length >= maxQueue) {
        countActivityDropped('queue_full', 1);
        warn('activity not stored: queue full', { maxQueue });
        return;
      }
      queue.push(activityRow(event, extra, now()));
      if (queue.length >= batchSize) void flush();
      else schedule();
    },
    flush,
    purge,
    async close() {
      clearInterval(purgeTimer);
      await flush();
    },
  };
}
