/**
 * Money moves: the intent of an action is an activity row written before its first upstream write
 * (`state` 'pending', held by the writing gateway until `lease_until`), completed with its outcome and the answer a
 * retry with the same operator and key gets back. A pending row whose lease ran out belongs to a gateway that
 * died or lost its store: another one claims it and completes it (recovery).
 */
import { sql, type Kysely } from 'kysely';
import { ACTIVITY_COLUMNS } from './activity.js';
import { LIVE_CHANNEL, LIVE_EVENT_LOCK, LIVE_EVENT_MAX_IDS } from './live.js';
import type { ActivityRow, Database, NewActivity } from './schema.js';

export interface MoveIntent extends NewActivity {
  idempotency_key: string | null;
  request_hash: string;
  lease_until: Date;
  /** The gateway process that writes the intent and holds the move (generation 1). */
  holder: string;
}

/** A holder's progress or outcome refused because another took the move since (its hold was lost): nothing written. */
export class MoveFencedOut extends Error {
  override readonly name = 'MoveFencedOut';
  constructor(readonly moveId: string) {
    super(`move ${moveId} is held by another gateway now: its outcome is not written`);
  }
}

export interface MoveRecord extends Omit<ActivityRow, 'items' | 'answer'> {
  items: Array<{ id: string; result: string }> | null;
  answer: unknown;
}

export type BeginMove =
  /** The intent is stored: its row id, held by the intent's holder in generation 1. */
  | { begun: true; id: string; generation: number }
  /** The operator already used this key: that move, as stored now. */
  | { begun: false; existing: MoveRecord };

export interface MoveOutcome {
  result: string;
  error_code: string | null;
  items: Array<{ id: string; result: string }> | null;
  answer: unknown;
  /** The record's version after the move, when the gateway knows it (a single record's live event carries it). */
  version?: string | null;
}

/** Who holds a pending move: a holder's progress and outcome are taken only while both still match. */
export interface MoveFence {
  holder: string;
  generation: number;
}

const MOVE_COLUMNS = [
  ...ACTIVITY_COLUMNS,
  'idempotency_key',
  'request_hash',
  'answer',
  'lease_until',
  'completed_at',
  'holder',
  'generation',
] as const;

function asRecord(row: Record<string, unknown>): MoveRecord {
  return {
    ...(row as unknown as MoveRecord),
    at: new Date(row.at as string | Date),
    lease_until: row.lease_until == null ? null : new Date(row.lease_until as string | Date),
    completed_at: row.completed_at == null ? null : new Date(row.completed_at as string | Date),
  };
}

/** The operator's move under `key` in `namespace` ('' but in a test namespace), or null. */
export async function findMove(
  db: Kysely<Database>,
  username: string,
  key: string,
  namespace: string,
): Promise<MoveRecord | null> {
  const row = await db
    .selectFrom('activity')
    .select(MOVE_COLUMNS)
    .where('namespace', '=', namespace)
    .where('username', '=', username)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row ? asRecord(row) : null;
}

/**
 * Stores a move's intent, unless the operator already has a move under the same key in the intent's namespace (a
 * concurrent retry won the race): then that one is answered.
 */
export async function beginMove(db: Kysely<Database>, intent: MoveIntent): Promise<BeginMove> {
  const inserted = await db
    .insertInto('activity')
    .values({ ...intent, state: 'pending', generation: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['namespace', 'username', 'idempotency_key'])
        .where('idempotency_key', 'is not', null)
        .doNothing(),
    )
    .returning(sql<string>`id::text`.as('id'))
    .executeTakeFirst();
  if (inserted) return { begun: true, id: inserted.id, generation: 1 };
  const existing =
    intent.username && intent.idempotency_key
      ? await findMove(db, intent.username, intent.idempotency_key, intent.namespace ?? '')
      : null;
  if (!existing) throw new Error('move not stored and no move holds its key');
  return { begun: false, existing };
}

/**
 * A bulk's items so far, and a longer hold on the move (its gateway is alive). With a fence, only while the holder
 * still holds it: false when it does not (another took it; the holder must send nothing more).
 */
export async function progressMove(
  db: Kysely<Database>,
  id: string,
  items: ReadonlyArray<{ id: string; result: string }> | null,
  leaseUntil: Date,
  fence?: MoveFence,
): Promise<boolean> {
  const updated = await db
    .updateTable('activity')
    .set({ ...(items ? { items: JSON.stringify(items) } : {}), lease_until: leaseUntil })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .$if(fence !== undefined, (q) =>
      q.where('holder', '=', fence!.holder).where('generation', '=', fence!.generation),
    )
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * The move's outcome: what the operator was answered (the last completion wins: it knows the most). In the same
 * statement, the live events of what it may have changed (live.ts): the ids of a single move ending
 * SUCCESS or UNKNOWN, the items of a bulk that did not fail, at most 500 ids an event; answers the last event's id
 * (null: none). On a server (`server`), the events' ids are taken under a transaction lock, so that they are
 * committed in their order (a reader after id N never misses a later-committed lower id), and the statement
 * notifies the replicas (LIVE_CHANNEL) at its commit; the embedded store (one connection) needs neither.
 */
export async function completeMove(
  db: Kysely<Database>,
  id: string,
  outcome: MoveOutcome,
  at: Date,
  server = false,
  /** The holder's: the outcome is written only while it holds the move (MoveFencedOut otherwise). */
  fence?: MoveFence,
): Promise<string | null> {
  const items = outcome.items ? JSON.stringify(outcome.items) : null;
  const answer = outcome.answer === undefined ? null : JSON.stringify(outcome.answer);
  const version = outcome.version ?? null;
  const done = sql`update activity set state = 'done', result = ${outcome.result}, error_code = ${outcome.error_code},
        items = ${items}::jsonb, answer = ${answer}::jsonb, lease_until = null, completed_at = ${at}
      where id = ${id}${fence ? sql` and holder = ${fence.holder} and generation = ${fence.generation}` : sql``}`;
  const lock = server ? sql`pg_advisory_xact_lock(${sql.lit(LIVE_EVENT_LOCK)})` : sql`1`;
  const notify = server ? sql`, pg_notify(${LIVE_CHANNEL}, e.id::text)::text as notified` : sql``;
  // A single move (most of them) in a statement PostgreSQL plans quickly; a bulk's items are split in chunks.
  const { rows } = items
    ? await sql<{ completed: number; event_id: string | null }>`
    with done as (${done} returning namespace, area, items),
    changed as (
      select namespace, area,
        array(select i ->> 'id' from jsonb_array_elements(items) i where i ->> 'result' <> 'failed') as ids
      from done where area is not null
    ),
    ordered as (select ${lock} from changed where cardinality(ids) > 0 limit 1),
    events as (
      insert into live_event (namespace, area, ids, version)
      select c.namespace, c.area, c.ids[s : s + ${LIVE_EVENT_MAX_IDS - 1}],
        case when cardinality(c.ids) = 1 then ${version}::text end
      from changed c cross join ordered cross join generate_series(1, cardinality(c.ids), ${LIVE_EVENT_MAX_IDS}) s
      order by s
      returning id
    )
    select (select count(*)::int from done) as completed, e.id::text as event_id${notify}
    from (select max(id) as id from events) e`.execute(db)
    : await sql<{ completed: number; event_id: string | null }>`
    with done as (${done} returning namespace, area, target_ids, result),
    ordered as (
      select ${lock} from done
      where area is not null and result in ('success', 'unknown') and cardinality(target_ids) > 0
    ),
    events as (
      insert into live_event (namespace, area, ids, version)
      select d.namespace, d.area, d.target_ids, case when cardinality(d.target_ids) = 1 then ${version}::text end
      from done d cross join ordered
      returning id
    )
    select (select count(*)::int from done) as completed, e.id::text as event_id${notify}
    from (select max(id) as id from events) e`.execute(db);
  if (fence && !rows[0]?.completed) throw new MoveFencedOut(id);
  return rows[0]?.event_id ?? null;
}

/**
 * Takes the hold of pending moves whose lease ran out (at most `limit`, the oldest first): each is then this
 * gateway's to complete. Concurrent claimers never get the same row (`for update skip locked`).
 */
export async function claimStaleMoves(
  db: Kysely<Database>,
  now: Date,
  leaseUntil: Date,
  limit: number,
  /** Only this operator's move under this key in this namespace ('' when not given), else any. */
  only?: { username: string; key: string; namespace?: string },
  /** The claimer, who holds each claimed move in its next generation. */
  holder: string | null = null,
): Promise<MoveRecord[]> {
  const stale = db
    .selectFrom('activity')
    .select('id')
    .where('state', '=', 'pending')
    .where('lease_until', '<', now)
    .$if(only !== undefined, (q) =>
      q
        .where('namespace', '=', only!.namespace ?? '')
        .where('username', '=', only!.username)
        .where('idempotency_key', '=', only!.key),
    )
    .orderBy('lease_until')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const rows = await db
    .updateTable('activity')
    .set((eb) => ({ lease_until: leaseUntil, holder, generation: eb('generation', '+', 1) }))
    .where('id', 'in', stale)
    .returning(MOVE_COLUMNS)
    .execute();
  return rows.map(asRecord);
}

/**
 * Takes a move again for a retry that resends it under the same key: a completed move (its outcome was unknown)
 * or a pending one whose lease ran out. Null when another gateway holds it now.
 */
export async function takeMove(
  db: Kysely<Database>,
  id: string,
  now: Date,
  leaseUntil: Date,
  /** The taker, who holds the move in its next generation. */
  holder: string | null = null,
): Promise<MoveRecord | null> {
  const row = await db
    .updateTable('activity')
    .set((eb) => ({
      state: 'pending',
      lease_until: leaseUntil,
      holder,
      generation: eb('generation', '+', 1),
    }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('state', '=', 'done'), eb('lease_until', '<', now)]))
    .returning(MOVE_COLUMNS)
    .executeTakeFirst();
  return row ? asRecord(row) : null;
}

/** Forgets an intent that sent nothing (the action was refused before its first write). */
export async function discardMove(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('activity').where('id', '=', id).where('state', '=', 'pending').execute();
}

/**
 * Takes up to `block` of an operator's moves of `day` from its bound `max` (the gateway counts them down itself, so
 * the store is asked once a block, not once a move): how many were granted (0: the bound is reached).
 */
export async function reserveMoves(
  db: Kysely<Database>,
  entry: { namespace: string; username: string; day: string; block: number; max: number },
): Promise<number> {
  const { rows } = await sql<{ granted: number }>`
    insert into move_daily (namespace, username, day, moves)
    values (${entry.namespace}, ${entry.username}, ${entry.day}::date, least(${entry.block}::int, ${entry.max}::int))
    on conflict (namespace, username, day) do update
      set moves = least(move_daily.moves + ${entry.block}::int, ${entry.max}::int)
      where move_daily.moves < ${entry.max}::int
    returning (moves - coalesce((select m.moves from move_daily m where m.namespace = ${entry.namespace}
      and m.username = ${entry.username} and m.day = ${entry.day}::date), 0))::int as granted`.execute(db);
  return rows[0]?.granted ?? 0;
}
