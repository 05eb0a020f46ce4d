/**
 * The gateway's connection to its store (@backoffice/store), opened in the background: the gateway serves from its
 * first second whatever the store does (the embedded PostgreSQL takes seconds to start; a server may be down). An
 * opening that fails is logged and tried again; `current()` is the open store or null. An embedded store whose
 * thread ends (a crash) is likewise unavailable, logged and opened again.
 *
 * The embedded store's data folder is taken for this process at once (one process per folder): when
 * another process holds it, `connectStore` throws StoreFolderHeldError and the gateway does not start.
 */
import { isMemoryDataDir, lockDataDir, openStore, type Store } from '@backoffice/store';
import { DEVELOPMENT_CHAIN_SECRET, type GatewayConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { chainedStore, startActivityChain, type ActivityChain } from './activity-chain.js';

/** What an operator reads when the store is not open (GraphQL `STORE_UNAVAILABLE`, a 503 of /files). */
export const STORE_UNAVAILABLE_MESSAGE =
  'La actividad y las preferencias no están disponibles en este momento. Intente nuevamente más tarde.';

export interface StoreHandle {
  /** The open store, or null while it opens or cannot be reached at start. */
  current(): Store | null;
  /** Settles when the store is open (or the handle closed first: null). */
  ready(): Promise<Store | null>;
  /** The activity's chain (activity-chain.ts): sealed every few seconds, `seal()` on demand (tests). */
  readonly chain: ActivityChain;
  close(): Promise<void>;
}

export interface StoreHandleOptions {
  config: NonNullable<GatewayConfig['store']>;
  logger: Logger;
  /**
   * Waits before trying a failed opening again: doubling from the first to the last (default 250 ms up to 5 s), so
   * a store that comes back is open again within seconds (a 30 s wait lost a minute of moves' records).
   */
  retryMs?: { first: number; max: number };
  /** Opens the store (tests). */
  open?: typeof openStore;
}

export function connectStore({
  config,
  logger,
  retryMs = { first: 250, max: 5_000 },
  open = openStore,
}: StoreHandleOptions): StoreHandle {
  let nextRetryMs = retryMs.first;
  let store: Store | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let settle: (store: Store | null) => void = () => undefined;
  const ready = new Promise<Store | null>((resolve) => (settle = resolve));
  const kind = 'databaseUrl' in config ? 'postgres' : 'embedded';
  const { chain: chainSettings, ...storeConfig } = config;
  const settings = chainSettings ?? {
    secret: DEVELOPMENT_CHAIN_SECRET,
    sealEveryMs: 5_000,
    digestEveryMs: 3_600_000,
  };
  const chain = startActivityChain({ store: () => store, logger, settings });
  // Held until the handle closes, across re-openings.
  const lock = 'dataDir' in config && !isMemoryDataDir(config.dataDir) ? lockDataDir(config.dataDir) : null;

  const unavailable = (error: unknown) => {
    const wait = nextRetryMs;
    nextRetryMs = Math.min(retryMs.max, nextRetryMs * 2);
    // Once per doubling, then every try at the longest wait: a store down for long logs a line every few seconds.
    logger.error('store not available: money moves refused, activity kept only in the audit log', {
      kind,
      error: String(error),
      retryMs: wait,
    });
    if (!closed) {
      timer = setTimeout(attempt, wait);
      timer.unref();
    }
  };

  const attempt = () => {
    let opened: Store | null = null;
    open({
      ...storeConfig,
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
      store = opened = chainedStore(result, settings.secret);
      nextRetryMs = retryMs.first;
      logger.info('store open', { kind: result.kind });
      settle(store);
      void chain.seal();
    }, unavailable);
  };
  attempt();

  return {
    current: () => store,
    ready: () => ready,
    chain,
    async close() {
      closed = true;
      clearTimeout(timer);
      settle(null);
      try {
        // The last rows sealed and the heads signed while the store is still open.
        await chain.close();
        await store?.close();
      } finally {
        lock?.release();
      }
    },
  };
}
