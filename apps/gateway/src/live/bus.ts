/**
 * The replica's end of the live events (docs/live.md): it listens on the store (a NOTIFY per committed
 * change on a server, in-process with the embedded store), reads the `live_event` rows after the last one it sent, in
 * id order, and hands each to this replica's streams of its namespace. A lost listening connection, or a store opened
 * again, is listened to again and read from where it stopped: nothing committed is skipped. Presence messages are
 * handed to the presence board. It also prunes the events past the replay window, and answers a reconnect's replay.
 */
import type { LiveEvent, LiveListener, Store } from '@backoffice/store';
import type { Logger } from '../logger.js';

/** Most events a reconnect is replayed; more: `reset` (the client checks everything again). */
export const MAX_REPLAY = 10_000;
/**
 * Events a replay reads at once, written to its stream before the next page is read: what one replay holds in
 * memory (an event names at most 500 ids: 100 events are at most about 3 MiB, a few KiB as changes go).
 */
export const REPLAY_PAGE = 100;
/** Replays reading a page at once on this replica; the others wait their turn, so together they hold a bounded few. */
export const MAX_REPLAY_READS = 4;
const READ_BATCH = 1_000;
/** Without a notification, the events are read this often anyway. */
const SAFETY_READ_MS = 5_000;

export interface LiveBusOptions {
  store: () => Store | null;
  logger: Logger;
  /** An event of this replica's streams' namespaces, in id order. */
  deliver(event: LiveEvent): void;
  /** A presence message from the store's channel. */
  presence(payload: string): void;
  /**
   * Whether this replica has a stream open now. Without one, a notification reads nothing (an event nobody here
   * can receive costs this replica no read); the first stream opened after that starts from the newest (`wake`).
   */
  hasStreams(): boolean;
  /** How long events are kept for a replay (5 minutes: the contract). */
  replayMs?: number;
  /** Between two checks of the store (listening again, reading what a missed notification left). Default 1 s. */
  checkMs?: number;
  /** Between two prunes. Default 30 s. */
  pruneEveryMs?: number;
}

/** A replay's end: `reset` (not replayable, or more than MAX_REPLAY events), or the last event it handed over. */
export type Replay = { reset: true } | { reset: false; lastId: string };

/** Takes a replay's page; resolves when the next may be read, false when the stream is gone (the replay stops). */
export type ReplayPage = (events: readonly LiveEvent[]) => Promise<boolean>;

export interface LiveBus {
  /** Listening on the store, from a known position: streams can be served. */
  readonly connected: boolean;
  /** The last event delivered (its id), '0' before the first. */
  readonly cursor: string;
  /**
   * What a reconnect after `lastId` missed in its namespace, handed to `page` in id order, REPLAY_PAGE events at a
   * time; reset when `lastId` is not kept (unknown, too old) or more than MAX_REPLAY events came after it.
   */
  replay(lastId: string, namespace: string, page: ReplayPage): Promise<Replay>;
  /** A stream was just opened: when the bus was idle (no stream), its cursor moves to the newest event first. */
  wake(): Promise<void>;
  close(): Promise<void>;
}

export function createLiveBus(options: LiveBusOptions): LiveBus {
  const { logger } = options;
  const replayMs = options.replayMs ?? 5 * 60_000;
  let attached: Store | null = null;
  let listener: LiveListener | null = null;
  let attaching = false;
  let cursor: bigint | null = null;
  let reading: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let lastRead = 0;
  /** Notifications came while no stream was open: the cursor is behind, and what it missed was nobody's news here. */
  let idle = false;
  /** Listening failed since the last success (logged once). */
  let failing = false;

  const read = (): Promise<void> => {
    if (reading) {
      again = true;
      return reading;
    }
    lastRead = Date.now();
    reading = (async () => {
      do {
        again = false;
        const store = attached;
        if (!store || cursor === null) return;
        if (!options.hasStreams()) {
          idle = true;
          return;
        }
        if (idle) {
          idle = false;
          const newest = BigInt(await store.live.lastId());
          if (newest > cursor) cursor = newest;
        }
        for (;;) {
          const events = await store.live.readEvents(cursor.toString(), READ_BATCH);
          for (const event of events) {
            const id = BigInt(event.id);
            if (id <= cursor) continue;
            cursor = id;
            options.deliver(event);
          }
          if (events.length < READ_BATCH) break;
        }
      } while (again && !closed);
    })()
      .catch((error: unknown) => logger.warn('live events not read', { error: String(error) }))
      .finally(() => (reading = null));
    return reading;
  };

  const detach = () => {
    const old = listener;
    listener = null;
    attached = null;
    void old?.close();
  };

  /** Listens on the store that is open now (again after a loss), then reads what came meanwhile. */
  const attach = async (store: Store) => {
    attaching = true;
    let next: LiveListener | null = null;
    try {
      next = await store.live.listen({
        event: (id) => {
          if (store === attached && cursor !== null && BigInt(id) > cursor) void read();
        },
        presence: (payload) => {
          if (store === attached) options.presence(payload);
        },
        lost: (error) => {
          if (store !== attached) return;
          logger.warn('live listening lost: listening again', { error: String(error) });
          detach();
        },
      });
      if (closed) return void next.close();
      // From the newest event at the first start: what was before is a reconnect's replay, not news. A store whose
      // ids start again lower (an in-memory store opened anew after a crash) is read from its own newest.
      const last = BigInt(await store.live.lastId());
      if (cursor === null || last < cursor) cursor = last;
      attached = store;
      listener = next;
      if (failing) logger.info('live listening again');
      failing = false;
      await read();
    } catch (error) {
      // Once per outage: the check tries again every second while the store is away.
      if (!failing) logger.warn('live listening not started: trying again', { error: String(error) });
      failing = true;
      if (listener !== next) void next?.close();
    } finally {
      attaching = false;
    }
  };

  const check = () => {
    if (closed || attaching) return;
    const store = options.store();
    if (store !== attached) {
      detach();
      if (store) void attach(store);
      return;
    }
    // A notification lost between two connections, or never sent: read anyway now and then (one indexed query).
    if (attached && Date.now() - lastRead >= SAFETY_READ_MS) void read();
  };
  check();
  const checker = setInterval(check, options.checkMs ?? 1_000);
  checker.unref();

  const prune = () => {
    void attached?.live
      .prune(replayMs)
      .catch((error: unknown) => logger.warn('live events not pruned', { error: String(error) }));
  };
  const pruner = setInterval(prune, options.pruneEveryMs ?? 30_000);
  pruner.unref();
  const replay = replayer();

  return {
    get connected() {
      return attached !== null && cursor !== null;
    },
    get cursor() {
      return (cursor ?? 0n).toString();
    },
    async wake() {
      if (idle) await read();
    },
    replay(lastId, namespace, page) {
      return attached ? replay(attached, lastId, namespace, page) : Promise.resolve({ reset: true });
    },
    async close() {
      closed = true;
      clearInterval(checker);
      clearInterval(pruner);
      const old = listener;
      listener = null;
      attached = null;
      await old?.close();
    },
  };
}

/** Replays on `store`, at most MAX_REPLAY_READS reading a page at once. */
function replayer() {
  const reads = turns(MAX_REPLAY_READS);
  return async (store: Store, lastId: string, namespace: string, page: ReplayPage): Promise<Replay> => {
    if (!/^\d{1,19}$/.test(lastId) || !(await store.live.kept(lastId))) return { reset: true };
    let after = lastId;
    for (let replayed = 0; ;) {
      await reads.take();
      let events: LiveEvent[] | null;
      try {
        events = await store.live.readEvents(after, REPLAY_PAGE, namespace);
      } finally {
        reads.give();
      }
      const read = events.length;
      replayed += read;
      // Past the bound the client checks everything again: what it was handed meanwhile costs it nothing more.
      if (replayed > MAX_REPLAY) return { reset: true };
      if (read > 0) {
        after = events.at(-1)!.id;
        // The page is the stream's now: not held here while its client reads it.
        const handed = page(events);
        events = null;
        if (!(await handed)) return { reset: false, lastId: after };
      }
      if (read < REPLAY_PAGE) return { reset: false, lastId: after };
    }
  };
}

/** At most `max` holders at once; the others wait in order. */
function turns(max: number) {
  let holders = 0;
  const waiting: (() => void)[] = [];
  return {
    take(): Promise<void> {
      if (holders < max) {
        holders++;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    /** A holder is done: its turn passes to the first waiting, if any. */
    give(): void {
      const next = waiting.shift();
      if (next) next();
      else holders--;
    },
  };
}
