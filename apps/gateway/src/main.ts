/**
 * The gateway's process: OpenTelemetry first (its instrumentations wrap `http` and `graphql` only when
 * they load after it, hence the dynamic import below), then the server, then a graceful stop on SIGTERM/SIGINT.
 */
import { register } from 'node:module';
import { startTracing } from './telemetry/tracing.js';

register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
const tracing = startTracing();
const { runGateway } = await import('./run.js');
await runGateway(tracing);
