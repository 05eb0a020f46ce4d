import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedStack, type SharedEmulator, type SharedStubs } from '../../__tests__/shared-stack.js';
import { gql } from '../../__tests__/http-helpers.js';
import { webOperation } from '../../__tests__/web-documents.js';
import { loadConfig } from '../../load-config.js';
import { startGateway, type RunningGateway } from '../../index.js';
import { createLogger } from '../../logger.js';
import { startTracing } from '../tracing.js';

/**
 * Traces and metrics of a running gateway: the W3C trace context of a request reaches every upstream call (the
 * stubs record the headers they receive), the trace id is in the log lines, and `/metrics` on the internal port
 * counts operations, upstream calls, token refusals and bulk items.
 */

// As main.ts does: the SDK without an exporter (spans are made and dropped; ids are propagated and logged).
startTracing({ OTEL_SDK_DISABLED: undefined });

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
}

let stubs: SharedStubs;
let emulator: SharedEmulator;
let gateway: RunningGateway;
let token: string;
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  ({ stubs, emulator } = await sharedStack());
  gateway = await startGateway(
    {
      ...loadConfig({ STUBS_URL: stubs.url }),
      port: 0,
      host: '127.0.0.1',
      metricsPort: 0,
      metricsHost: '127.0.0.1',
      keycloakIssuer: emulator.issuer,
      keycloakJwksUrl: emulator.jwksUrl,
    },
    { logger: createLogger('info', (line) => logLines.push(JSON.parse(line) as Record<string, unknown>)) },
  );
  token = await emulator.accessTokenFor('admin');
});
afterAll(async () => {
  await gateway?.close();
});
beforeEach(async () => {
  await fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
});

const recorded = async (): Promise<Recorded[]> =>
  (await fetch(`${stubs.url}/__admin/requests`)).json() as Promise<Recorded[]>;

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;
const DETAIL = webOperation('PaymentDetail');
const detail = (headers: Record<string, string> = {}) =>
  gql(gateway.graphqlUrl, DETAIL, {
    token,
    variables: { id: '1000001', withFees: true, withBatch: true },
    headers,
  });

async function metrics(): Promise<string> {
  const response = await fetch(`${gateway.metricsUrl}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  return response.text();
}

/** The value of one sample line, e.g. `name{a="b"}`; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('trace propagation', () => {
  it("continues the browser's traceparent on every upstream call, with the gateway's own span ids", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const response = await detail({ traceparent: `00-${traceId}-${parentId}-01`, 'x-request-id': 'trace-1' });
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();

    const calls = await recorded();
    expect(calls.length).toBeGreaterThanOrEqual(2);
    const spanIds = new Set<string>();
    for (const call of calls) {
      const match = TRACEPARENT.exec(call.headers.traceparent ?? '');
      expect(match, `${call.method} ${call.path}: ${call.headers.traceparent}`).not.toBeNull();
      expect(match![1]).toBe(traceId);
      expect(match![2]).not.toBe(parentId);
      spanIds.add(match![2]!);
    }
    // one client span per upstream call
    expect(spanIds.size).toBe(calls.length);

    const access = logLines.find((l) => l.msg === 'request' && l.requestId === 'trace-1');
    expect(access?.traceId).toBe(traceId);
  });

  it('starts a trace when the caller sends none: one trace id for all the calls of a request', async () => {
    const response = await detail({ 'x-request-id': 'trace-2' });
    expect(response.status).toBe(200);
    const ids = new Set(
      (await recorded()).map((call) => TRACEPARENT.exec(call.headers.traceparent ?? '')?.[1]),
    );
    expect(ids.size).toBe(1);
    const [traceId] = [...ids];
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(logLines.find((l) => l.msg === 'request' && l.requestId === 'trace-2')?.traceId).toBe(traceId);
  });

  it('lets the web send traceparent and tracestate across origins (CORS preflight)', async () => {
    const preflight = await fetch(gateway.graphqlUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,traceparent,tracestate',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.split(',')).toEqual(
      expect.arrayContaining(['traceparent', 'tracestate']),
    );
  });

  it('writes the trace id in audit events', async () => {
    const traceId = 'a3ce929d0e0e47364bf92f3577b34da6';
    await gql(
      gateway.graphqlUrl,
      'mutation { cancelPayment(id: "1000001", reason: "", idempotencyKey: "k46-telemetry-133") { outcome } }',
      {
        token,
        headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'trace-3' },
      },
    );
    const audit = logLines.find((l) => l.msg === 'audit' && l.requestId === 'trace-3');
    expect(audit?.traceId).toBe(traceId);
  });
});

describe('metrics', () => {
  it('are served on the internal port only', async () => {
    const publicPort = await fetch(`${gateway.url}/metrics`);
    expect(publicPort.status).toBe(404);
    const other = await fetch(`${gateway.metricsUrl}/graphql`);
    expect(other.status).toBe(404);
    expect(await metrics()).toContain('# TYPE gateway_http_requests_in_flight gauge');
  });

  it('count operations by name, upstream calls by service and status, and token refusals', async () => {
    const before = await metrics();
    const op =
      'gateway_graphql_operation_duration_seconds_count{operation="PaymentDetail",type="query",result="ok"}';
    const upstream =
      'gateway_upstream_request_duration_seconds_count{service="payment",method="GET",status="200"}';
    const upstream404 =
      'gateway_upstream_request_duration_seconds_count{service="payment",method="GET",status="404"}';
    const refused = 'gateway_token_refusals_total{reason="invalid_token"}';

    await detail();
    await gql(gateway.graphqlUrl, '{ __typename }', { token: 'not-a-token' });
    await gql(gateway.graphqlUrl, 'query Missing { payment(id: "999999999") { id } }', { token });

    const after = await metrics();
    expect(sample(after, op)).toBe(sample(before, op) + 1);
    expect(sample(after, upstream)).toBeGreaterThanOrEqual(sample(before, upstream) + 2);
    expect(sample(after, upstream404)).toBe(sample(before, upstream404) + 1);
    expect(sample(after, refused)).toBe(sample(before, refused) + 1);
    expect(after).toMatch(/gateway_upstream_request_duration_seconds_bucket\{le="0\.1",service="payment"/);
    expect(sample(after, 'gateway_http_requests_in_flight')).toBe(0);
  });

  it('count bulk items by outcome', async () => {
    const series = (outcome: string) =>
      `gateway_bulk_items_total{mutation="bulkCancelPayments",outcome="${outcome}"}`;
    const before = await metrics();
    const response = await gql(
      gateway.graphqlUrl,
      'mutation Bulk($ids: [ID!]!) { bulkCancelPayments(ids: $ids, reason: "Cierre", idempotencyKey: "k46-telemetry-180") { results { id outcome } } }',
      { token, variables: { ids: ['9000001', '9000002'] } },
    );
    expect(response.body.errors).toBeUndefined();
    const after = await metrics();
    expect(sample(after, series('FAILED'))).toBe(sample(before, series('FAILED')) + 2);
  });
});
