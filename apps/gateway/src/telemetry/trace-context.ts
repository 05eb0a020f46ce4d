/**
 * The gateway's own spans, over the OpenTelemetry API only (no SDK here: without one started, every call below is
 * a no-op and nothing is propagated). The SDK is started by main.ts (tracing.ts).
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Span,
} from '@opentelemetry/api';
import { inRequestOrigin } from '../activity/request-origin.js';
import { clientAddress } from '../http/client-address.js';
import { localsOf, pathOf, type Next } from '../http/plain.js';

const INVALID_TRACE_ID = '00000000000000000000000000000000';

/** The tracer of the gateway's own spans. */
export const tracer = () => trace.getTracer('backoffice-gateway');

/** The trace id of the active span, if any (log lines, audit events). */
export function activeTraceId(): string | undefined {
  const id = trace.getActiveSpan()?.spanContext().traceId;
  return id && id !== INVALID_TRACE_ID ? id : undefined;
}

const headerGetter = {
  keys: (carrier: Record<string, string | string[] | undefined>) => Object.keys(carrier),
  get: (carrier: Record<string, string | string[] | undefined>, key: string) => carrier[key],
};

/**
 * Every request runs inside a server span that continues the caller's W3C `traceparent`. When the http
 * instrumentation already opened one (main.ts), it is used as is; otherwise (the gateway embedded without the
 * instrumentation hooks, as in tests) this opens it. The trace id goes to `res.locals.traceId` for the access log.
 */
export function traceRequests(): (req: IncomingMessage, res: ServerResponse, next: Next) => void {
  return (req, res, handle) => {
    // The request's client address goes with it too, for the rows it writes (activity/request-origin.ts).
    const next = () => inRequestOrigin(clientAddress(req), handle);
    if (trace.getActiveSpan()) {
      localsOf(res).traceId = activeTraceId();
      next();
      return;
    }
    const parent = propagation.extract(ROOT_CONTEXT, req.headers, headerGetter);
    const path = pathOf(req);
    const method = req.method ?? 'GET';
    const span = tracer().startSpan(
      `${method} ${path}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'url.path': path } },
      parent,
    );
    const traceId = span.spanContext().traceId;
    if (traceId !== INVALID_TRACE_ID) localsOf(res).traceId = traceId;
    res.once('close', () => {
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    const active = trace.setSpan(parent, span);
    // Listeners of the request and response (a body reader calling next() from 'end') run in the span's context.
    context.bind(active, req);
    context.bind(active, res);
    context.with(active, next);
  };
}

/** What rest-client.ts reports when an upstream call ends. */
export interface UpstreamCallEnd {
  status: number | null;
  outcome: string;
}

/**
 * Opens the client span of one upstream call (child of the active span) and writes its `traceparent` (and
 * `tracestate`) into `headers`. Returns the function that ends it.
 */
export function startUpstreamSpan(
  service: string,
  method: string,
  path: string,
  headers: OutgoingHttpHeaders | Record<string, string>,
): (end: UpstreamCallEnd) => void {
  const span: Span = tracer().startSpan(`${method} ${service}`, {
    kind: SpanKind.CLIENT,
    attributes: { 'http.request.method': method, 'url.path': path, 'backoffice.upstream.service': service },
  });
  propagation.inject(trace.setSpan(context.active(), span), headers);
  return ({ status, outcome }) => {
    if (status !== null) span.setAttribute('http.response.status_code', status);
    span.setAttribute('backoffice.upstream.outcome', outcome);
    if (outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
    span.end();
  };
}
