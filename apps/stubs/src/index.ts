/** @backoffice/stubs: a simulator of the platform's REST services, one HTTP server, one prefix per service. */
import type { AddressInfo } from 'node:net';
import { createApp, createState, DEFAULT_SEED, type StubHooks } from './app.js';
import { SERVICES } from './services/registry.js';

export { DEFAULT_SEED };

/** The URL prefix of every simulated service (`${url}${prefix}` is its base URL). */
export const SERVICE_PREFIXES: readonly string[] = SERVICES.map((service) => `/${service.name}`);

export interface StartStubsOptions {
  /** 0 picks a free port; default 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Seed of the generated data and of fault decisions; default DEFAULT_SEED. */
  seed?: number;
  /** Latency added to every service request (faults add to it). */
  latencyMs?: number;
  /** StubHooks.onReset: called by each `POST /__admin/reset` (the test stack clears the gateway's rows there). */
  onReset?: StubHooks['onReset'];
}

export interface RunningStubs {
  /** e.g. `http://127.0.0.1:4010` (no trailing slash). */
  url: string;
  port: number;
  /** Base URL of each service by name: `{ payment: 'http://127.0.0.1:4010/payment', ... }`. */
  services: Record<string, string>;
  /** Stops listening and destroys open sockets (hanging requests included). */
  close(): Promise<void>;
  /** Same as `POST /__admin/reset`. */
  reset(): void;
}

export async function startStubs(options: StartStubsOptions = {}): Promise<RunningStubs> {
  const host = options.host ?? '127.0.0.1';
  const state = createState(options.seed ?? DEFAULT_SEED, options.latencyMs ?? 0);
  const app = createApp(state, options.onReset ? { onReset: options.onReset } : {});
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const listening = app.listen(options.port ?? 4010, host, (error?: Error) => {
      if (error) reject(error);
      else resolve(listening);
    });
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  const url = `http://${urlHost}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    services: Object.fromEntries(SERVICES.map((service) => [service.name, `${url}/${service.name}`])),
    reset: () => state.reset(),
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const timer of state.timers) clearTimeout(timer);
        state.timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
