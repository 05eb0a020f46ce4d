/**
 * The gateway's connection to its store (@backoffice/store), opened in the background: the gateway serves from its
 * first second whatever the store does (the embedded PostgreSQL takes seconds to start; a server may be down). An
 * opening that fails is logged and tried again; `current()` is the open store or null. An embedded store whose
 * thread ends (a crash) is likewise unavailable, logged and opened again.
 *
 * The embedded store's data folder is taken for this process at once (one process per folder, issue 43): when
 * another process holds it, `connectStore` throws StoreFolderHeldError and the gateway does not start.
 */
import { isMemoryDataDir, lockDataDir, openStore, type Store } from '@backoffice/store';
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
  // Held until the handle closes, across re-openings.
  const lock = 'dataDir' in config && !isMemoryDataDir(config.dataDir) ? lockDataDir(config.dataDir) : null;

  const unavailable = (error: unknown) => {
    logger.error('store not available: activity kept only in the audit log', {
      kind,
      error: String(error),
      retryMs,
    });
    if (!closed) {
      timer = setTimeout(attempt, retryMs);
      timer.unref();
    }
  };

  const attempt = () => {
    let opened: Store | null = null;
    open({
      ...config,
      ...(lock ? { dataDirLock: lock } : {}),
      onError: (error) => logger.warn('store connection error', { error: String(error) }),
      onUnavailable: (error) => {
        if (!opened || store !== opened) return;
        store = null;
        void opened.close().catch(() => undefined);
        unavailable(error);
      },
    }).then(async (result) => {
      if (closed) return result.close();
      store = opened = result;
      logger.info('store open', { kind: result.kind });
      settle(result);
    }, unavailable);
  };
  attempt();

  return {
    current: () => store,
    ready: () => ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      settle(null);
      try {
        await store?.close();
      } finally {
        lock?.release();
      }
    },
  };
}
