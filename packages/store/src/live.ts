/**
 * Live events and presence across the gateway's replicas (the gateway's side is apps/gateway/src/live/).
 *
 * - A change is a `live_event` row written by the statement that stores a money move's outcome (moves.ts
 *   `completeMove`); its bigserial id is the event id. On a PostgreSQL server that statement also sends
 *   `NOTIFY backoffice_live, '<id>'` at its commit; each replica LISTENs and reads the rows after the last id it
 *   sent. With the embedded store (one process holds it) the store tells its own listeners after the statement.
 *   Rows are kept for a reconnect's replay (Last-Event-ID) and pruned by age.
 * - Presence is not stored: a replica's viewers of a record are a NOTIFY on `backoffice_presence` (in-process with
 *   the embedded store), each replica keeping what the others said, with an expiry (the gateway's live/presence.ts).
 */
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export const LIVE_CHANNEL = 'backoffice_live';
export const PRESENCE_CHANNEL = 'backoffice_presence';
/** The transaction lock under which events' ids are taken on a server (moves.ts): any constant of this store's. */
export const LIVE_EVENT_LOCK = 6_300_063;
/** Most ids one event carries: a bulk's more are several events. */
export const LIVE_EVENT_MAX_IDS = 500;
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTIFY_MAX_BYTES = 7_900;

export interface LiveEvent {
  /** A decimal string, increasing in commit order. */
  id: string;
  namespace: string;
  area: string;
  ids: string[];
  version: string | null;
}

export interface LiveHandlers {
  /** Events up to `id` were committed: read them (`readEvents`). */
  event(id: string): void;
  /** A presence message (`publishPresence`), as published. */
  presence(payload: string): void;
  /** The listening connection was lost (a server gone away): listen again, then read what was missed. */
  lost(error: Error): void;
}

export interface LiveListener {
  close(): Promise<void>;
}

export interface LiveStore {
  /** Starts receiving events and presence (a connection of its own on a server). */
  listen(handlers: LiveHandlers): Promise<LiveListener>;
  /** Sends a presence message (at most NOTIFY_MAX_BYTES of UTF-8) to every listener, this process's too. */
  publishPresence(payload: string): Promise<void>;
  /** Events after `afterId` (any namespace, or one), in id order, at most `limit`. */
  readEvents(afterId: string, limit: number, namespace?: string): Promise<LiveEvent[]>;
  /** Whether the event `id` is still kept (a reconnect after it can be replayed). */
  kept(id: string): Promise<boolean>;
  /** The last event's id, '0' when there is none. */
  lastId(): Promise<string>;
  /** Deletes the events older than `keepMs` (and every one before them): how many. */
  prune(keepMs: number): Promise<number>;
}

/** The embedded store's listeners, told by the store after each statement that wrote events (index.ts). */
export class LocalLiveHub {
  readonly #handlers = new Set<LiveHandlers>();
  add(handlers: LiveHandlers): LiveListener {
    this.#handlers.add(handlers);
    return { close: async () => void this.#handlers.delete(handlers) };
  }
  /** Told on a later turn, as a notification would be (never inside the caller's statement). */
  event(id: string): void {
    setImmediate(() => {
      for (const handlers of this.#handlers) handlers.event(id);
    });
  }
  presence(payload: string): void {
    setImmediate(() => {
      for (const handlers of this.#handlers) handlers.presence(payload);
    });
  }
}

/** A dedicated connection LISTENing on both channels; `lost` once when it drops. */
async function listenOnServer(databaseUrl: string, handlers: LiveHandlers): Promise<LiveListener> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  let closing = false;
  let lost = false;
  const drop = (error: Error) => {
    if (closing || lost) return;
    lost = true;
    client.end().catch(() => undefined);
    handlers.lost(error);
  };
  client.on('error', drop);
  client.on('end', () => drop(new Error('live listening connection ended')));
  client.on('notification', (message) => {
    if (message.channel === LIVE_CHANNEL) handlers.event(message.payload ?? '0');
    else if (message.channel === PRESENCE_CHANNEL && message.payload) handlers.presence(message.payload);
  });
  try {
    await client.connect();
    await client.query(`listen ${LIVE_CHANNEL}; listen ${PRESENCE_CHANNEL}`);
  } catch (error) {
    closing = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    async close() {
      closing = true;
      await client.end().catch(() => undefined);
    },
  };
}

export function liveStore(
  db: Kysely<Database>,
  where: { databaseUrl: string } | { hub: LocalLiveHub },
): LiveStore {
  return {
    listen: (handlers) =>
      'hub' in where ? Promise.resolve(where.hub.add(handlers)) : listenOnServer(where.databaseUrl, handlers),
    async publishPresence(payload) {
      if ('hub' in where) where.hub.presence(payload);
      else await sql`select pg_notify(${PRESENCE_CHANNEL}, ${payload})`.execute(db);
    },
    async readEvents(afterId, limit, namespace) {
      const rows = await db
        .selectFrom('live_event')
        .select([sql<string>`id::text`.as('id'), 'namespace', 'area', 'ids', 'version'])
        .where('id', '>', afterId)
        .$if(namespace !== undefined, (q) => q.where('namespace', '=', namespace!))
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows;
    },
    async kept(id) {
      const row = await db.selectFrom('live_event').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },
    async lastId() {
      const row = await db
        .selectFrom('live_event')
        .select(sql<string | null>`max(id)::text`.as('id'))
        .executeTakeFirst();
      return row?.id ?? '0';
    },
    async prune(keepMs) {
      // By id below the newest old one: what is kept is always every event after some id (a replay's condition).
      const result = await sql`delete from live_event where id <= (
          select max(id) from live_event where at < now() - make_interval(secs => ${keepMs / 1000}))`.execute(
        db,
      );
      return Number(result.numAffectedRows ?? 0);
    },
  };
}
