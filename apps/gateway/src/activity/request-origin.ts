/**
 * The client's address of the request being served (its peer's: a proxy in front of the gateway is that proxy), for
 * the rows it writes to the store (`origin`: the security team's export). Set around each request by the trace
 * context (telemetry/trace-context.ts), read where the audit hands a row over without a request at hand.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<string>();

/** The running request's client address, or null outside a request. */
export const requestOrigin = (): string | null => storage.getStore() ?? null;

/** Runs a request's handling with its client address. */
export const inRequestOrigin = <T>(origin: string, run: () => T): T => storage.run(origin, run);
