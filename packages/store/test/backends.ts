/**
 * The backends the store's tests run on: the embedded store always, and a real PostgreSQL server when
 * TEST_DATABASE_URL (or DATABASE_URL) names one (`.ci/run` starts one on loopback). Each real test database is
 * created fresh and dropped after.
 */
import { sql } from 'kysely';
import { afterEach } from 'vitest';
import { createScratchDatabase, openStore, testsEmbeddedStore, type Store } from '../src/index.js';

export const REAL_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || '';

export interface Backend {
  name: string;
  /** A fresh empty database: its URL (undefined for the embedded store) and how to drop it. */
  fresh(): Promise<{ databaseUrl?: string; drop(): Promise<void> }>;
  /** An empty store and how to let it go (the embedded one is opened once per file: PGlite starts slowly). */
  open(): Promise<{ store: Store; release(): Promise<void> }>;
}

let shared: Promise<Store> | null = null;

const embedded: Backend = {
  name: 'embedded',
  fresh: async () => ({ databaseUrl: undefined, drop: async () => undefined }),
  async open() {
    const store = await (shared ??= openStore());
    return {
      store,
      release: () =>
        sql`truncate activity, preference, activity_seal, activity_digest, activity_rejected, activity_chain_state`
          .execute(store.db)
          .then(() => undefined),
    };
  },
};

const real: Backend = {
  name: 'postgres',
  fresh: () => createScratchDatabase(REAL_URL, 'store_test'),
  async open() {
    const { databaseUrl, drop } = await this.fresh();
    const store = await openStore({ databaseUrl });
    return { store, release: () => store.close().then(drop) };
  },
};

export const BACKENDS: Backend[] = [
  ...(testsEmbeddedStore(REAL_URL) ? [embedded] : []),
  ...(REAL_URL ? [real] : []),
];

/**
 * For one describe block: `open()` an empty store of `backend`, released after each test with whatever else the test
 * pushed to `cleanups` (last in, first out).
 */
export function storesPerTest(backend: Backend): {
  open: () => Promise<Store>;
  cleanups: Array<() => Promise<void>>;
} {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const open = async (): Promise<Store> => {
    const { store, release } = await backend.open();
    cleanups.push(release);
    return store;
  };
  return { open, cleanups };
}
