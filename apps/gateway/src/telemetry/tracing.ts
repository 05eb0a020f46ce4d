/**
 * OpenTelemetry tracing of the gateway (docs/operations.md §6): the SDK with the http, express and graphql
 * instrumentations, W3C `traceparent`/`tracestate` propagation, spans exported over OTLP only when an endpoint is
 * configured (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or `OTEL_TRACES_EXPORTER`).
 * Without one, spans are still created (their trace id is in every log line and forwarded upstream) and dropped.
 */
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { NoopSpanProcessor } from '@opentelemetry/sdk-trace-base';

export interface Tracing {
  /** Whether spans leave the process (an OTLP endpoint or exporter is configured). */
  exporting: boolean;
  /** Flushes pending spans (bounded by the exporter's own timeout). */
  shutdown(): Promise<void>;
}

type Env = Record<string, string | undefined>;

/** Requests that are not worth a trace: probes and scrapes. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/favicon.ico']);

export const exportsTraces = (env: Env): boolean =>
  Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT ||
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ||
    (env.OTEL_TRACES_EXPORTER && env.OTEL_TRACES_EXPORTER !== 'none'),
  );

let started: Tracing | undefined;

/**
 * Starts the SDK once per process (later calls return the same handle). Call it before the gateway's modules are
 * imported so that the instrumentations can wrap `http`, `express` and `graphql` (main.ts does; register.ts does it
 * for `node --import`). Spans the gateway makes itself (server span, one per upstream call) do not depend on that.
 */
export function startTracing(env: Env = process.env): Tracing {
  if (started) return started;
  if (env.OTEL_SDK_DISABLED === 'true') {
    started = { exporting: false, shutdown: async () => {} };
    return started;
  }
  // The gateway logs JSON lines on stdout itself; the SDK's OTLP log exporter (it reads process.env) stays off
  // unless asked for.
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  diag.setLogger(
    { error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, verbose: () => {} },
    DiagLogLevel.NONE,
  );
  const exporting = exportsTraces(env);
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME ?? 'backoffice-gateway',
    // No exporter configured: spans exist (ids, propagation) and are dropped at the end.
    ...(exporting ? {} : { spanProcessors: [new NoopSpanProcessor()] }),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0] ?? ''),
        // Upstream calls get their own client span, with the service and outcome, in rest-client.ts.
        disableOutgoingRequestInstrumentation: true,
      }),
      new ExpressInstrumentation(),
      new GraphQLInstrumentation({ mergeItems: true, ignoreTrivialResolveSpans: true, depth: 3 }),
    ],
  });
  sdk.start();
  started = { exporting, shutdown: () => sdk.shutdown() };
  return started;
}
