/**
 * Preferences: one JSON value per operator and key (column choices, saved views, recent searches), written whole or,
 * for a value made of entries, entry by entry (`mergePreference`).
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

export interface Preference {
  key: string;
  value: unknown;
  updatedAt: Date;
}

/** How much one operator may keep (docs/operations.md, "The store"). */
export interface PreferenceLimits {
  /** Most keys. */
  maxKeys: number;
  /** Most bytes of JSON, every value added up. */
  maxBytes: number;
}

export const DEFAULT_PREFERENCE_LIMITS: PreferenceLimits = { maxKeys: 200, maxBytes: 1024 * 1024 };

/** What became of a write: done, or refused (nothing written) for the limit it would pass. */
export type PreferenceWrite = { written: true } | { written: false; limit: 'keys' | 'bytes' };

/** A preference as stored: its value as the JSON text written (null when the read left values out). */
export interface StoredPreference {
  key: string;
  json: string | null;
  updatedAt: Date;
}

/** What one read of an operator's preferences asks for (`namespace`: as in every function here). */
export interface PreferenceRead {
  prefix?: string | null;
  namespace?: string;
  /** Whether the values are read at all (false: keys and dates only; `{ preferences { key } }`). */
  values?: boolean;
}

/**
 * An operator's preferences, by key, each value as the JSON text stored (`value::text`: the column is `json`, so
 * this is the text as written, numbers included). Neither thread parses it: the gateway splices it into its answer
 * (parsing and cloning 100 values of 714 numbers held the gateway's thread 10-15 ms a read).
 */
export async function readStoredPreferences(
  db: Kysely<Database>,
  username: string,
  { prefix, namespace = '', values = true }: PreferenceRead = {},
): Promise<StoredPreference[]> {
  let query = db
    .selectFrom('preference')
    .select(['key', 'updated_at'])
    .$if(values, (q) => q.select(sql<string>`value::text`.as('json')))
    .where('namespace', '=', namespace)
    .where('username', '=', username);
  if (prefix) query = query.where(sql<boolean>`starts_with(key, ${prefix})`);
  const rows = await query.orderBy('key').execute();
  return rows.map((r) => ({ key: r.key, json: r.json ?? null, updatedAt: new Date(r.updated_at) }));
}

/**
 * An operator's preferences, by key, their values parsed; with `prefix`, only the keys that start with it (one
 * list's). `namespace`: a test namespace's own ('' by default, the normal case), as in every function here.
 */
export async function readPreferences(
  db: Kysely<Database>,
  username: string,
  prefix?: string | null,
  namespace = '',
): Promise<Preference[]> {
  const rows = await readStoredPreferences(db, username, { prefix, namespace });
  return rows.map((r) => ({ key: r.key, value: JSON.parse(r.json!) as unknown, updatedAt: r.updatedAt }));
}

/**
 * Sets (or, with `value` null, removes) one preference of one operator, within `limits`: a write that would pass
 * them is refused and writes nothing. The check and the write are one transaction holding a lock of that
 * operator's (a transaction-scoped advisory lock), so two concurrent writes cannot both take the last room.
 */
export async function writePreference(
  db: Kysely<Database>,
  username: string,
  key: string,
  value: unknown,
  limits: PreferenceLimits = DEFAULT_PREFERENCE_LIMITS,
  namespace = '',
): Promise<PreferenceWrite> {
  if (value === null || value === undefined) {
    await removeOne(db, namespace, username, key);
    return { written: true };
  }
  return db.transaction().execute(async (trx) => {
    await lockOperator(trx, namespace, username);
    return putWithin(trx, namespace, username, key, value, limits);
  });
}

/** Removes one preference of one operator (nothing when there is none). */
async function removeOne(
  db: Kysely<Database>,
  namespace: string,
  username: string,
  key: string,
): Promise<void> {
  await db
    .deleteFrom('preference')
    .where('namespace', '=', namespace)
    .where('username', '=', username)
    .where('key', '=', key)
    .execute();
}

/** Holds the operator's lock until the transaction ends: their writes, check and write each, go one at a time. */
async function lockOperator(trx: Transaction<Database>, namespace: string, username: string): Promise<void> {
  // The normal case's lock is named as before the namespaces (replicas of both versions during a rolling update).
  const name = namespace ? `preference:${namespace}/${username}` : `preference:${username}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}

/**
 * Writes `value` under `key` when the operator's other keys leave room for it (the caller holds their lock). The
 * value is stored as this JSON text (a `json` column: numbers as written), so the bytes counted are the
 * bytes stored and read back.
 */
async function putWithin(
  trx: Transaction<Database>,
  namespace: string,
  username: string,
  key: string,
  value: unknown,
  limits: PreferenceLimits,
): Promise<PreferenceWrite> {
  const json = JSON.stringify(value);
  const bytes = Buffer.byteLength(json);
  const others = await trx
    .selectFrom('preference')
    .select([sql<string>`count(*)`.as('keys'), sql<string>`coalesce(sum(bytes), 0)`.as('bytes')])
    .where('namespace', '=', namespace)
    .where('username', '=', username)
    .where('key', '<>', key)
    .executeTakeFirstOrThrow();
  if (Number(others.keys) + 1 > limits.maxKeys) return { written: false, limit: 'keys' };
  if (Number(others.bytes) + bytes > limits.maxBytes) return { written: false, limit: 'bytes' };
  const now = new Date();
  await trx
    .insertInto('preference')
    .values({ namespace, username, key, value: json, bytes, updated_at: now })
    .onConflict((c) =>
      c.columns(['namespace', 'username', 'key']).doUpdateSet({ value: json, bytes, updated_at: now }),
    )
    .execute();
  return { written: true };
}

/** Changes to a preference made of entries: entry → its new value, null removing it. */
export type PreferenceEntries = Readonly<Record<string, unknown>>;

/** What became of a merge: the value the preference now holds (null: none is left), or refused as a write is. */
export type PreferenceMerge =
  | { written: true; value: Readonly<Record<string, unknown>> | null }
  | { written: false; limit: 'keys' | 'bytes' | 'value' };

const isEntries = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `current` with `entries` applied (null removes an entry); a value that is not entries starts empty. */
export function applyPreferenceEntries(
  current: unknown,
  entries: PreferenceEntries,
): Record<string, unknown> {
  const merged: Record<string, unknown> = isEntries(current) ? { ...current } : {};
  for (const [entry, value] of Object.entries(entries)) {
    if (value === null || value === undefined) delete merged[entry];
    else merged[entry] = value;
  }
  return merged;
}

/**
 * Sets or removes some entries of one preference of one operator (each column choice, saved view and recent
 * search is its own entry of its list's preference), leaving its other entries as they are: two tabs that
 * read the same value and change different entries both keep their change, where two whole-value writes would keep
 * the last. The read, the merge and the write hold the operator's lock, within `limits` as any write (and
 * `maxValueBytes` for the merged value); a value left without entries is removed.
 */
export async function mergePreference(
  db: Kysely<Database>,
  username: string,
  key: string,
  entries: PreferenceEntries,
  limits: PreferenceLimits = DEFAULT_PREFERENCE_LIMITS,
  maxValueBytes = Number.POSITIVE_INFINITY,
  namespace = '',
): Promise<PreferenceMerge> {
  return db.transaction().execute(async (trx): Promise<PreferenceMerge> => {
    await lockOperator(trx, namespace, username);
    const row = await trx
      .selectFrom('preference')
      .select('value')
      .where('namespace', '=', namespace)
      .where('username', '=', username)
      .where('key', '=', key)
      .executeTakeFirst();
    const merged = applyPreferenceEntries(row?.value, entries);
    if (Object.keys(merged).length === 0) {
      await removeOne(trx, namespace, username, key);
      return { written: true, value: null };
    }
    if (Buffer.byteLength(JSON.stringify(merged)) > maxValueBytes) return { written: false, limit: 'value' };
    const write = await putWithin(trx, namespace, username, key, merged, limits);
    return write.written ? { written: true, value: merged } : write;
  });
}
