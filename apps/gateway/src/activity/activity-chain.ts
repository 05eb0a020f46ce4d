/**
 * The activity's keyed chain in the gateway (docs/operations.md, "The chain"; @backoffice/store chain.ts): every row
 * this gateway writes is stamped with the secret (`chainedStore`), and every few seconds the final rows are sealed
 * into their namespace's chain; every hour, and at the gateway's stop, each chain's head is signed into the store
 * and written to the log (`activity digest`), so that a copy of it lives outside the store.
 */
import { stampActivity, type ChainDigest, type SealResult, type Store } from '@backoffice/store';
import type { ActivityChainSettings } from '../config.js';
import type { Logger } from '../logger.js';

/**
 * The store as the gateway writes to it: each row stamped (an activity batch, a move's intent), the purge as the
 * chain allows. The money moves' statements are the store's own, unchanged.
 */
export function chainedStore(store: Store, secret: string): Store {
  return {
    ...store,
    insertActivity: (rows) => store.insertActivity(rows.map((row) => stampActivity(secret, row))),
    beginMove: (intent) => store.beginMove(stampActivity(secret, intent)),
    purgeActivity: (before) => store.purgeActivity(before, secret),
  };
}

export interface ActivityChain {
  /** Seals what is final now (and what a first run finds: in rounds until nothing is left); null: no store. */
  seal(): Promise<SealResult | null>;
  /** Signs and logs each chain's head. */
  digest(): Promise<ChainDigest[]>;
  /** Stops the timers, seals and writes the digests a last time (the store still open). */
  close(): Promise<void>;
}

export interface ActivityChainOptions {
  store: () => Store | null;
  logger: Logger;
  settings: ActivityChainSettings;
}

/** Most rounds of one `seal()`: a store of older rows (first run) is taken over several periods. */
const MAX_ROUNDS = 50;
const SEAL_LIMIT = 2_000;

export function startActivityChain({ store, logger, settings }: ActivityChainOptions): ActivityChain {
  const { secret } = settings;
  let sealing: Promise<SealResult | null> | null = null;
  let lastWarning = 0;
  const warn = (message: string, error: unknown) => {
    // At most a line a minute: a store that is down must not flood the log.
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    logger.warn(message, { error: String(error) });
  };

  const sealRounds = async (): Promise<SealResult | null> => {
    const open = store();
    if (!open) return null;
    const total: SealResult = { sealed: 0, resealed: [], rejected: [] };
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const result = await open.sealActivity(secret, { limit: SEAL_LIMIT });
      total.sealed += result.sealed;
      total.resealed.push(...result.resealed);
      total.rejected.push(...result.rejected);
      for (const row of result.rejected) {
        logger.warn('activity row not written by the gateway: left out of the chain', {
          activityId: row.id,
          namespace: row.namespace,
        });
      }
      for (const row of result.resealed) {
        logger.info('activity resealed', {
          activityId: row.id,
          namespace: row.namespace,
          generation: row.generation,
        });
      }
      if (result.sealed + result.rejected.length < SEAL_LIMIT) break;
    }
    return total;
  };

  const seal = (): Promise<SealResult | null> =>
    (sealing ??= sealRounds()
      .catch((error: unknown) => {
        warn('activity not sealed: store error', error);
        return null;
      })
      .finally(() => (sealing = null)));

  const digest = async (): Promise<ChainDigest[]> => {
    const open = store();
    if (!open) return [];
    try {
      const digests = await open.writeDigests(secret);
      const write = logger.audit ?? logger.info;
      for (const d of digests) {
        // Written whatever LOG_LEVEL is (as audit lines): the copy outside the store a cut is found against.
        write('activity digest', {
          namespace: d.namespace,
          seq: d.seq,
          lastId: d.activityId,
          link: d.link,
          at: new Date(Number(d.atMs)).toISOString(),
          atMs: d.atMs,
          signature: d.signature,
        });
      }
      return digests;
    } catch (error) {
      warn('activity digest not written: store error', error);
      return [];
    }
  };

  const sealTimer = setInterval(() => void seal(), settings.sealEveryMs);
  sealTimer.unref();
  const digestTimer = setInterval(() => void seal().then(digest), settings.digestEveryMs);
  digestTimer.unref();

  return {
    seal,
    digest,
    async close() {
      clearInterval(sealTimer);
      clearInterval(digestTimer);
      await sealing;
      await seal();
      await digest();
    },
  };
}
