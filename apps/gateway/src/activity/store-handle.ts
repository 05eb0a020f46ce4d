/**
 * The gateway's connection to its store (@backoffice/store), opened in the background: the gateway serves from its
 * first second whatever the store does (the embedded PostgreSQL takes seconds to start; a server may be down). An
 * opening that fails is logged and tried again; `current()` is the open store or null.
 */
import { openStore, type Store } from '@backoffice/store';
import type { GatewayConfig } from '../config.js';
import type { Logger } from '../logger.js';

/** What an operator reads when the store is not open (GraphQL `STORE_UNAVAILABLE`, a 503 of /files). */
export const STORE_UNAVAILABLE_MESSAGE =
  'La actividad y las preferencias no están disponibles en este momento. Intente nuevamente más tarde.';

export interface StoreHandle {
  /** The open store, or null while it opens or cannot be reached at start. */
  current(): Store | null;
  /** Settles when the store is open (or the handle closed first: null). */
  ready(): Promise<Store | null>;
  close(): Promise<void>;
}

export interface StoreHandleOptions {
  config: NonNullable<GatewayConfig['store']>;
  logger: Logger;
  /** Wait before trying a failed opening again (default 30 s). */
  retryMs?: number;
  /** Opens the store (tests). */
  open?: typeof openStore;
}

export function connectStore({
  config,
  logger,
  retryMs = 30_000,
  open = openStore,
}: StoreHandleOptions): StoreHandle {
  let store: Store | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let settle: (store: Store | null) => void = () => undefined;
  const ready = new Promise<Store | null>((resolve) => (settle = resolve));
  const kind = 'databaseUrl' in config ? 'postgres' : 'embedded';

  const attempt = () => {
    open({
      ...config,
      onError: (error) => logger.warn('store connection error', { error: String(error) }),
    }).then(
      async (opened) => {
        if (closed) return opened.close();
        store = opened;
        logger.info('store open', { kind: opened.kind });
        settle(opened);
      },
      (error: unknown) => {
        logger.error('store not available: activity kept only in the audit log', {
          kind,
          error: String(error),
          retryMs,
        });
        if (!closed) {
          timer = setTimeout(attempt, retryMs);
          timer.unref();
        }
      },
    );
  };
  attempt();

  return {
    current: () => store,
    ready: () => ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      settle(null);
      await store?.close();
    },
  };
}
