/**
 * The test namespace of the request being served, for the rows it writes to the gateway's own store:
 * with the test profile on (`TEST_NAMESPACES`), a request's `x-test-namespace` names it, and its activity,
 * money moves and preferences are that namespace's only, as the stubs keep their data apart; '' otherwise (always
 * in production). Resolvers read it from their context (`storeNamespace`); what the audit hands over without a
 * context (an event's row, a move's intent, a key looked up) reads it here, set around the request's execution
 * (AsyncLocalStorage, like the trace context it is written beside).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<string>();

/** The running request's store namespace: '' outside a request or without one. */
export const storeNamespace = (): string => storage.getStore() ?? '';

/** Runs a request's execution in its store namespace. */
export const inStoreNamespace = <T>(namespace: string, run: () => T): T => storage.run(namespace, run);
