import { StoreFolderHeldError } from '@backoffice/store';
import { loadConfig } from './load-config.js';
import { startGateway } from './index.js';
import { createLogger } from './logger.js';
import type { Tracing } from './telemetry/tracing.js';

/**
 * Starts the gateway from the environment and stops it gracefully on SIGTERM or SIGINT: no new connections, the
 * requests in flight (bulk actions included) finish within SHUTDOWN_GRACE_MS, pending spans are flushed, then the
 * process exits (0 when everything finished, 1 otherwise). A second signal exits at once. A bulk action that
 * cannot finish within the grace period answers before it ends (unfinished items FAILED or UNKNOWN, never
 * SUCCESS): the drain deadline of shared/drain.ts, started by `gateway.close()`.
 */
/** Time after the grace period for the last answers and the span flush (the OTLP exporter's own timeout is 10 s). */
const STOP_MARGIN_MS = 15_000;

export async function runGateway(tracing: Tracing): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const gateway = await startGateway(config, { logger }).catch((error: unknown) => {
    // Another process holds the embedded store's folder (activity/store-handle.ts): no second gateway on it.
    if (!(error instanceof StoreFolderHeldError)) throw error;
    logger.error('store folder held by another process', { dataDir: error.dataDir, pid: error.holder?.pid });
    console.error(error.message);
    process.exit(1);
  });
  // The ready line (scripts/stack.mjs waits for it) only once the store is open: /readyz is 503 until then, and a
  // money move needs the store. The gateway serves meanwhile.
  if (gateway.store) {
    const timer = setTimeout(() => logger.warn('waiting for the store to open'), 5_000);
    await gateway.store.ready();
    clearTimeout(timer);
  }
  console.log(
    `Gateway GraphQL en ${gateway.graphqlUrl}${config.sandbox ? ` (sandbox: ${gateway.url}/sandbox)` : ''} — Keycloak ${config.keycloakIssuer}${gateway.metricsUrl ? ` — métricas ${gateway.metricsUrl}/metrics` : ''}`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.warn('second signal: exiting without waiting', { signal });
      process.exit(1);
    }
    stopping = true;
    logger.info('shutting down', { signal, graceMs: config.shutdownGraceMs });
    const started = performance.now();
    // The stop always ends: past the grace period (plus time to flush spans) the process exits anyway. The timer
    // also keeps the event loop alive while an idle server closes (Node would otherwise exit before the flush).
    setTimeout(
      () => {
        logger.error('stop deadline passed: exiting', { graceMs: config.shutdownGraceMs });
        process.exit(1);
      },
      config.readinessDrainMs + config.shutdownGraceMs + STOP_MARGIN_MS,
    );
    gateway
      .close()
      // Spans are best effort: a collector that cannot be reached (the exporter's own timeout bounds the wait)
      // is logged and does not turn a clean stop into a failed one.
      .then(() =>
        tracing.shutdown().catch((error: unknown) => {
          logger.warn('spans not flushed', { error: String(error) });
        }),
      )
      .then(
        () => {
          logger.info('stopped', { durationMs: Math.round(performance.now() - started) });
          process.exit(0);
        },
        (error: unknown) => {
          logger.error('stop failed', { error: String(error) });
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // Started by scripts/stack.mjs (npm start, the test stack, the browser tests) with an IPC channel to its parent:
  // when the parent is gone, even killed by SIGKILL (whose handlers never run), the channel closes and the
  // gateway stops instead of staying behind, re-parented and holding its port. The channel itself keeps nothing
  // alive. A parent that stops it with SIGTERM first is already being obeyed: the close is no second signal.
  if (process.channel) {
    process.channel.unref();
    // The parent's end of this process's output goes with it: a log line of the stop then fails with EPIPE, which
    // unhandled would crash the process halfway through the stop (the store's folder not closed). Lines written
    // to nobody are lost either way.
    for (const output of [process.stdout, process.stderr]) {
      output.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE') throw error;
      });
    }
    process.once('disconnect', () => {
      if (!stopping) shutdown('parent gone');
    });
  }
}
