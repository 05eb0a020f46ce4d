/** The activity table: batches written by the gateway, the 'Actividad' screen's query, the daily purge. */
import { sql, type Kysely } from 'kysely';
import type { ActivityRow, Database, NewActivity } from './schema.js';

export interface ActivityFilter {
  /** The operator (preferred_username), exact. */
  user?: string | null;
  area?: string | null;
  /** The mutation, e.g. 'cancelPayment'. */
  operation?: string | null;
  /**
   * An id among the event's target ids, of an action that ran: a refused call (`denied`) never ran, and the ids
   * its caller typed name no record, so a record's activity never lists it.
   */
  recordId?: string | null;
  result?: string | null;
  /** Inclusive lower bound. */
  from?: Date | null;
  /** Exclusive upper bound. */
  to?: Date | null;
}

/** The result of a call refused before it ran (permission, budget, validation): shown in the list, not by record. */
export const REFUSED_RESULT = 'denied';

export const ACTIVITY_SORTS = ['at', 'username', 'operation', 'result'] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number];

export interface ActivityQuery {
  filter?: ActivityFilter;
  /** The test namespace whose rows are read ('' by default: the normal case). */
  namespace?: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  sort?: ActivitySort;
  descending?: boolean;
}

export interface ActivityRecord extends Omit<
  ActivityRow,
  | 'items'
  | 'namespace'
  | 'idempotency_key'
  | 'request_hash'
  | 'answer'
  | 'lease_until'
  | 'completed_at'
  | 'holder'
  | 'generation'
  | 'origin'
  | 'stamp'
> {
  items: Array<{ id: string; result: string }> | null;
}

export interface ActivityPage {
  rows: ActivityRecord[];
  total: number;
}

export async function insertActivity(db: Kysely<Database>, rows: readonly NewActivity[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('activity')
    .values([...rows])
    .execute();
}

function filtered(db: Kysely<Database>, filter: ActivityFilter, namespace: string) {
  let query = db.selectFrom('activity').where('namespace', '=', namespace);
  if (filter.user) query = query.where('username', '=', filter.user);
  if (filter.area) query = query.where('area', '=', filter.area);
  if (filter.operation) query = query.where('operation', '=', filter.operation);
  if (filter.result) query = query.where('result', '=', filter.result);
  if (filter.recordId) {
    query = query
      .where(sql<boolean>`target_ids @> array[${filter.recordId}]::text[]`)
      .where('result', '<>', REFUSED_RESULT);
  }
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  return query;
}

/**
 * The list's total when the page itself tells it, or null when only a count can: a page shorter than `pageSize`
 * that has rows (or the first page, empty) is the last one, so the total is what comes before it plus its rows.
 * A full page, or an empty one past the first, needs the count.
 */
export function totalFromPage(offset: number, rows: number, pageSize: number): number | null {
  if (rows > 0 && rows < pageSize) return offset + rows;
  if (rows === 0 && offset === 0) return 0;
  return null;
}

/** The columns of an activity row as the screens read it (the table's bigint id as text). */
export const ACTIVITY_COLUMNS = [
  sql<string>`id::text`.as('id'),
  'at',
  'username',
  'permission',
  'area',
  'operation',
  'operation_name',
  'target_ids',
  'target_count',
  'result',
  'error_code',
  'reason',
  'items',
  'request_id',
  'trace_id',
  'state',
] as const;

export async function queryActivity(db: Kysely<Database>, request: ActivityQuery): Promise<ActivityPage> {
  const filter = request.filter ?? {};
  const namespace = request.namespace ?? '';
  const sort = request.sort ?? 'at';
  const direction = request.descending === false ? 'asc' : 'desc';
  const offset = (request.page - 1) * request.pageSize;
  // The rows first, the count only when the page cannot tell the total (totalFromPage): a filtered search, a
  // short table or the last page costs one query instead of two (the embedded store runs each query on one
  // thread, one after the other, so asking for both at once gains nothing there).
  const rows = await filtered(db, filter, namespace)
    .select(ACTIVITY_COLUMNS)
    .orderBy(sort, direction)
    // The table's bigint id, not the text `id` selected above: ties in order of insertion, and no sort of texts
    // (on the embedded store a text sort costs more than the rest of the query).
    .orderBy('activity.id', direction)
    .limit(request.pageSize)
    .offset(offset)
    .execute();
  const total =
    totalFromPage(offset, rows.length, request.pageSize) ??
    Number(
      (
        await filtered(db, filter, namespace)
          .select(sql<string>`count(*)::text`.as('total'))
          .executeTakeFirst()
      )?.total ?? 0,
    );
  return {
    rows: rows.map((row) => ({
      ...row,
      at: new Date(row.at),
      items: (row.items as ActivityRecord['items']) ?? null,
    })),
    total,
  };
}

/**
 * The operators seen in the activity (for 'Operador' of /actividad, a list to choose from), in order,
 * at most `limit`; with `prefix`, only the names that start with it (any case).
 */
export async function activityUsers(
  db: Kysely<Database>,
  request: { prefix?: string | null; limit: number; namespace?: string },
): Promise<string[]> {
  let query = db
    .selectFrom('activity')
    .select('username')
    .distinct()
    .where('namespace', '=', request.namespace ?? '')
    .where('username', 'is not', null);
  if (request.prefix) {
    // LIKE's own characters in the prefix are matched as themselves.
    const escaped = request.prefix.replace(/[\\%_]/g, (char) => `\\${char}`);
    query = query.where(sql<boolean>`lower(username) like lower(${`${escaped}%`})`);
  }
  const rows = await query.orderBy('username').limit(request.limit).execute();
  return rows.flatMap((row) => (row.username === null ? [] : [row.username]));
}

/** Deletes the events older than `before`; returns how many. */
export async function purgeActivity(db: Kysely<Database>, before: Date): Promise<number> {
  // A move still pending is never purged: it waits for its outcome (moves.ts).
  const result = await db
    .deleteFrom('activity')
    .where('at', '<', before)
    .where((eb) => eb.or([eb('state', 'is', null), eb('state', '<>', 'pending')]))
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/**
 * Deletes every row of one test namespace, activity (pending moves included) and preferences: the stubs' reset of
 * that namespace, through the gateway's test profile. How many of each.
 */
export async function clearNamespace(
  db: Kysely<Database>,
  namespace: string,
): Promise<{ activity: number; preferences: number }> {
  return db.transaction().execute(async (trx) => {
    const activity = await trx.deleteFrom('activity').where('namespace', '=', namespace).executeTakeFirst();
    // Its chain goes with it: the namespace's next rows start a new one.
    for (const table of ['activity_seal', 'activity_digest', 'activity_rejected'] as const)
      await trx.deleteFrom(table).where('namespace', '=', namespace).execute();
    await sql`delete from approval_request where namespace = ${namespace}`.execute(trx);
    await sql`delete from approval_daily where namespace = ${namespace}`.execute(trx);
    await sql`delete from approval_policy where namespace = ${namespace}`.execute(trx);
    await sql`delete from move_daily where namespace = ${namespace}`.execute(trx);
    const preferences = await trx
      .deleteFrom('preference')
      .where('namespace', '=', namespace)
      .executeTakeFirst();
    return {
      activity: Number(activity.numDeletedRows ?? 0),
      preferences: Number(preferences.numDeletedRows ?? 0),
    };
  });
}
