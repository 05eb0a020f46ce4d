/**
 * OpenTelemetry tracing of the gateway (docs/operations.md §6): the trace SDK (`sdk-trace-node`) with the http
 * and graphql instrumentations (no Express), W3C `traceparent`/`tracestate` propagation, spans exported over OTLP/HTTP
 * only when an endpoint is configured (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or
 * `OTEL_TRACES_EXPORTER=otlp`). Without one, spans are still created (their trace id is in every log line and
 * forwarded upstream) and dropped. Only traces: no metrics or logs SDK (metrics are prom-client's, logs stdout's).
 */
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { GraphQLInstrumentation } from '@opentelemetry/instrumentation-graphql';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NoopSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

export interface Tracing {
  /** Whether spans leave the process (an OTLP endpoint or exporter is configured). */
  exporting: boolean;
  /** Flushes pending spans (bounded by the exporter's own timeout). */
  shutdown(): Promise<void>;
}

type Env = Record<string, string | undefined>;

/** Requests that are not worth a trace: probes and scrapes. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/favicon.ico']);

/** Spans leave the process when an OTLP endpoint is set or `OTEL_TRACES_EXPORTER=otlp`; `none` turns it off. */
export const exportsTraces = (env: Env): boolean =>
  env.OTEL_TRACES_EXPORTER !== 'none' &&
  Boolean(
    env.OTEL_EXPORTER_OTLP_ENDPOINT ||
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ||
    env.OTEL_TRACES_EXPORTER === 'otlp',
  );

let started: Tracing | undefined;

/**
 * Starts the SDK once per process (later calls return the same handle). Call it before the gateway's modules are
 * imported so that the instrumentations can wrap `http` and `graphql` (main.ts does). Spans the gateway makes itself (server span, one per upstream call) do not depend on that.
 */
export function startTracing(env: Env = process.env): Tracing {
  if (started) return started;
  if (env.OTEL_SDK_DISABLED === 'true') {
    started = { exporting: false, shutdown: async () => {} };
    return started;
  }
  diag.setLogger(
    { error: () => {}, warn: () => {}, info: () => {}, debug: () => {}, verbose: () => {} },
    DiagLogLevel.NONE,
  );
  const exporting = exportsTraces(env);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? 'backoffice-gateway' }),
    // No exporter configured: spans exist (ids, propagation) and are dropped at the end. The exporter reads the
    // standard OTEL_EXPORTER_OTLP_* variables itself; sampling follows OTEL_TRACES_SAMPLER.
    spanProcessors: [exporting ? new BatchSpanProcessor(new OTLPTraceExporter()) : new NoopSpanProcessor()],
  });
  // W3C Trace Context and Baggage propagators, AsyncLocalStorage context manager.
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED_PATHS.has((req.url ?? '').split('?')[0] ?? ''),
        // Upstream calls get their own client span, with the service and outcome, in rest-client.ts.
        disableOutgoingRequestInstrumentation: true,
      }),
      new GraphQLInstrumentation({ mergeItems: true, ignoreTrivialResolveSpans: true, depth: 3 }),
    ],
  });
  started = {
    exporting,
    shutdown: async () => {
      unregister();
      // Without an exporter there is nothing to flush; with one, the exporter's own timeout bounds it.
      await provider.shutdown();
    },
  };
  return started;
}
