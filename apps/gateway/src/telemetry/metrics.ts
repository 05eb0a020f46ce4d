/**
 * Prometheus metrics of the gateway (prom-client), one registry per process, served on an internal port
 * (METRICS_PORT, metrics-server.ts) and never on the public one (docs/decisions.md, 2026-11-22 metrics).
 * Label values are bounded: routes and services are fixed lists, GraphQL operation names are the client's but
 * capped (MAX_OPERATION_NAMES, then "other").
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Kind, type OperationDefinitionNode } from 'graphql';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { pathOf } from '../http/plain.js';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** Seconds; from a cached read to a bulk action of 500 items. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** A latency histogram of the gateway's registry. */
const latency = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Histogram<L>({ name, help, labelNames, buckets: LATENCY_BUCKETS, registers: [registry] });

const httpDuration = latency(
  'gateway_http_request_duration_seconds',
  'HTTP requests served by the gateway, by route, method and status.',
  ['route', 'method', 'status'],
);

const inFlight = new Gauge({
  name: 'gateway_http_requests_in_flight',
  help: 'HTTP requests being served (bulk actions included); drains to 0 before a replica stops.',
  registers: [registry],
});

const uploadsInFlight = new Gauge({
  name: 'gateway_uploads_in_flight',
  help: 'Uploads being received or forwarded (each may hold its file in memory); bounded by UPLOAD_MAX_IN_FLIGHT.',
  registers: [registry],
});

/** One upload more (+1) or less (-1) in flight (files/upload-slots.ts). */
export function countUploadInFlight(delta: 1 | -1): void {
  uploadsInFlight.inc(delta);
}

const operationDuration = latency(
  'gateway_graphql_operation_duration_seconds',
  'GraphQL operations, by operation name, type and result (ok, or error when any error was returned).',
  ['operation', 'type', 'result'],
);

const upstreamDuration = latency(
  'gateway_upstream_request_duration_seconds',
  "Calls to the platform's REST services, by service, method and status (HTTP code, timeout or unavailable).",
  ['service', 'method', 'status'],
);

const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
  new Counter<L>({ name, help, labelNames, registers: [registry] });

const tokenRefusals = counter(
  'gateway_token_refusals_total',
  'GraphQL requests refused before running: invalid token (401) or realm keys unreachable (503).',
  ['reason'],
);

const rateLimited = counter(
  'gateway_rate_limited_total',
  'GraphQL and file requests refused with 429 because their operator passed the per-operator rate limit.',
  [],
);

const bulkItems = counter(
  'gateway_bulk_items_total',
  'Items of bulk mutations, by mutation and outcome (SUCCESS, FAILED, UNKNOWN...).',
  ['mutation', 'outcome'],
);

const ROUTES = ['/graphql', '/files', '/healthz', '/readyz', '/sandbox'] as const;
const routeOf = (path: string): string =>
  ROUTES.find((route) => path === route || path.startsWith(`${route}/`)) ?? 'other';

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);

/** In-flight gauge, duration by route, token refusals and rate-limited requests; mount before everything else. */
export function httpMetrics(): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = performance.now();
    const route = routeOf(pathOf(req));
    const method = req.method ?? 'other';
    inFlight.inc();
    res.once('close', () => {
      inFlight.dec();
      const status = String(res.statusCode);
      httpDuration.observe(
        { route, method: METHODS.has(method) ? method : 'other', status },
        (performance.now() - started) / 1000,
      );
      if (route === '/graphql' && res.statusCode === 401) tokenRefusals.inc({ reason: 'invalid_token' });
      if (route === '/graphql' && res.statusCode === 503) tokenRefusals.inc({ reason: 'keys_unavailable' });
      if ((route === '/graphql' || route === '/files') && res.statusCode === 429) rateLimited.inc();
    });
  };
}

/** Distinct operation names kept as label values; later new names count as "other". */
export const MAX_OPERATION_NAMES = 200;
const OPERATION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const knownOperations = new Set<string>();

function operationLabel(name: string | null | undefined): string {
  if (!name) return 'anonymous';
  if (!OPERATION_NAME.test(name)) return 'other';
  if (knownOperations.has(name)) return name;
  if (knownOperations.size >= MAX_OPERATION_NAMES) return 'other';
  knownOperations.add(name);
  return name;
}

/** Counts the `results[].outcome` of every root `bulk*` mutation field in the answer. */
function countBulkItems(operation: OperationDefinitionNode, data: Record<string, unknown>): void {
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD || !selection.name.value.startsWith('bulk')) continue;
    const payload = data[selection.alias?.value ?? selection.name.value] as { results?: unknown } | null;
    if (!payload || !Array.isArray(payload.results)) continue;
    for (const item of payload.results as Array<{ outcome?: unknown }>) {
      if (typeof item?.outcome === 'string') {
        bulkItems.inc({ mutation: selection.name.value, outcome: item.outcome });
      }
    }
  }
}

/** Operation duration by name and result, and bulk items by outcome. */
export function metricsPlugin<T extends object>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      const started = performance.now();
      return {
        async willSendResponse({ response, operation, operationName, errors }) {
          const body = response.body.kind === 'single' ? response.body.singleResult : undefined;
          const failed = Boolean(errors?.length || body?.errors?.length);
          operationDuration.observe(
            {
              operation: operation ? operationLabel(operationName) : 'invalid',
              type: operation?.operation ?? 'unknown',
              result: failed ? 'error' : 'ok',
            },
            (performance.now() - started) / 1000,
          );
          if (operation?.operation === 'mutation' && body?.data) countBulkItems(operation, body.data);
        },
      };
    },
  };
}

/** One upstream call ended (rest-client.ts). */
export function observeUpstreamCall(
  service: string,
  method: string,
  status: number | null,
  outcome: string,
  seconds: number,
): void {
  upstreamDuration.observe({ service, method, status: status === null ? outcome : String(status) }, seconds);
}

const activityDropped = counter(
  'gateway_activity_events_dropped_total',
  'Audit events not written to the store (still on the audit log): queue_full, store_unavailable or store_error.',
  ['reason'],
);

const activityStored = counter(
  'gateway_activity_events_stored_total',
  'Audit events written to the store (activity/activity-writer.ts).',
  [],
);

/** Audit events the store did not get (activity/activity-writer.ts). */
export function countActivityDropped(
  reason: 'queue_full' | 'store_unavailable' | 'store_error',
  count: number,
): void {
  activityDropped.inc({ reason }, count);
}

export function countActivityStored(count: number): void {
  activityStored.inc(count);
}

const refusalsSuppressed = counter(
  'gateway_activity_refusals_suppressed_total',
  "Refused calls past their operator's hourly budget (ACTIVITY_REFUSALS_PER_HOUR): neither stored nor logged one by one.",
  [],
);

/** A refused call past its operator's budget (audit/refusal-budget.ts). */
export function countRefusalsSuppressed(): void {
  refusalsSuppressed.inc();
}

const moveEvents = counter(
  'gateway_money_moves_total',
  'Money moves (money/journal.ts): intent (stored before the first write), intent_refused (the store could ' +
    'not take it: nothing sent), replayed (a retry answered from the record), completion_waiting / completed_late / ' +
    'completion_dropped (an outcome the store took late, or left to recovery), recovered (closed for a stopped gateway), ' +
    'hold_lost / late_outcome_refused (a stalled holder fenced out: it sends nothing more, its outcome is refused).',
  ['event'],
);

export type MoveEvent =
  | 'intent'
  | 'intent_refused'
  | 'replayed'
  | 'completion_waiting'
  | 'completed_late'
  | 'completion_dropped'
  | 'recovered'
  | 'hold_lost'
  | 'late_outcome_refused';

export function countMoveEvent(event: MoveEvent): void {
  moveEvents.inc({ event });
}
