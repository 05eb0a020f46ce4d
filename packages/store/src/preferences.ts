/** Preferences: one JSON value per operator and key (column choices, saved views, recent searches). */
import { sql, type Kysely } from 'kysely';
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

/** An operator's preferences, by key; with `prefix`, only the keys that start with it (one list's). */
export async function readPreferences(
  db: Kysely<Database>,
  username: string,
  prefix?: string | null,
): Promise<Preference[]> {
  let query = db
    .selectFrom('preference')
    .select(['key', 'value', 'updated_at'])
    .where('username', '=', username);
  if (prefix) query = query.where(sql<boolean>`starts_with(key, ${prefix})`);
  const rows = await query.orderBy('key').execute();
  return rows.map((r) => ({ key: r.key, value: r.value, updatedAt: new Date(r.updated_at) }));
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
): Promise<PreferenceWrite> {
  if (value === null || value === undefined) {
    await db.deleteFrom('preference').where('username', '=', username).where('key', '=', key).execute();
    return { written: true };
  }
  const json = JSON.stringify(value);
  const bytes = Buffer.byteLength(json);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`preference:${username}`}, 0))`.execute(trx);
    const others = await trx
      .selectFrom('preference')
      .select([sql<string>`count(*)`.as('keys'), sql<string>`coalesce(sum(bytes), 0)`.as('bytes')])
      .where('username', '=', username)
      .where('key', '<>', key)
      .executeTakeFirstOrThrow();
    if (Number(others.keys) + 1 > limits.maxKeys) return { written: false, limit: 'keys' } as const;
    if (Number(others.bytes) + bytes > limits.maxBytes) return { written: false, limit: 'bytes' } as const;
    const now = new Date();
    await trx
      .insertInto('preference')
      .values({ username, key, value: json, bytes, updated_at: now })
      .onConflict((c) => c.columns(['username', 'key']).doUpdateSet({ value: json, bytes, updated_at: now }))
      .execute();
    return { written: true } as const;
  });
}
