import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GatewayConfig } from './config.js';
import { loadConfig } from './load-config.js';
import type { FileRoute } from './files/types.js';
import { createLogger, type Logger } from './logger.js';
import { reportUnknownCodesTo } from './shared/codes.js';
import type { ActivityWriter } from './activity/activity-writer.js';
import type { StoreHandle } from './activity/store-handle.js';
import { createGatewayApp, type GatewayApp } from './server.js';
import { startMetricsServer, type MetricsServer } from './telemetry/metrics-server.js';
import { serverTimeouts } from './http/server-timeouts.js';

export type { GatewayConfig } from './config.js';
export { loadConfig, SERVICE_ENV_VARS } from './load-config.js';
export { SERVICES } from './modules.js';
export type { ServiceName } from './services.js';
export {
  listFieldPermissions,
  meetsRequirements,
  type FieldPermissions,
  type Requirements,
} from './auth/auth-directive.js';
export { buildSchema } from './schema.js';

export interface RunningGateway {
  /** Base URL, e.g. http://127.0.0.1:4000 (GraphQL at `${url}/graphql`). */
  url: string;
  /** `${url}/graphql` */
  graphqlUrl: string;
  port: number;
  /** Base URL of the internal metrics port (`${metricsUrl}/metrics`), when METRICS_PORT is set. */
  metricsUrl: string | null;
  /** The gateway's own store and its activity writer (null when `store` is not configured). */
  store: StoreHandle | null;
  activity: ActivityWriter | null;
  /** The approval policies' gate and the expiry of undecided requests (null without a store). */
  approvals: GatewayApp['approvals'];
  /**
   * Stops accepting connections, lets in-flight requests (a bulk action included) finish within
   * `shutdownGraceMs`, then closes the metrics port. A bulk action still running near the end of the grace
   * period answers before the cut, its unfinished items FAILED (never sent) or UNKNOWN (in flight): shared/drain.ts.
   */
  close(): Promise<void>;
}

export interface StartOptions {
  logger?: Logger;
  /** The fetch used for upstream calls. */
  fetch?: typeof fetch;
  /** The routes served under /files (default: every module's). */
  fileRoutes?: readonly FileRoute[];
}

/** Starts the gateway: env config (loadConfig(process.env)) overridden by `config`. */
export async function startGateway(
  config: Partial<GatewayConfig> = {},
  options: StartOptions = {},
): Promise<RunningGateway> {
  const base = loadConfig(process.env);
  const full: GatewayConfig = { ...base, ...config, services: { ...base.services, ...config.services } };
  const logger = options.logger ?? createLogger(full.logLevel);
  reportUnknownCodesTo(logger);
  const httpServer = createServer(serverTimeouts(full.uploads));
  const { app, stop, store, activity, approvals } = await createGatewayApp({
    config: full,
    logger,
    httpServer,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.fileRoutes ? { fileRoutes: options.fileRoutes } : {}),
  });
  httpServer.on('request', app);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(full.port, full.host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  let metrics: MetricsServer | null = null;
  if (full.metricsPort !== null) {
    try {
      metrics = await startMetricsServer(full.metricsPort, full.metricsHost);
    } catch (error) {
      await stop();
      throw error;
    }
  }
  const host = full.host === '0.0.0.0' || full.host === '::' ? '127.0.0.1' : full.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closed: Promise<void> | undefined;
  return {
    url,
    graphqlUrl: `${url}/graphql`,
    port,
    metricsUrl: metrics?.url ?? null,
    store,
    activity,
    approvals,
    close: () => (closed ??= stop().finally(() => metrics?.close())),
  };
}
