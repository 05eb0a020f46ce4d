/** Preferences: one JSON value per operator and key (column choices, saved views, recent searches). */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface Preference {
  key: string;
  value: unknown;
  updatedAt: Date;
}

export async function readPreferences(db: Kysely<Database>, username: string): Promise<Preference[]> {
  const rows = await db
    .selectFrom('preference')
    .select(['key', 'value', 'updated_at'])
    .where('username', '=', username)
    .orderBy('key')
    .execute();
  return rows.map((r) => ({ key: r.key, value: r.value, updatedAt: new Date(r.updated_at) }));
}

/** Sets (or, with `value` null, removes) one preference of one operator. */
export async function writePreference(
  db: Kysely<Database>,
  username: string,
  key: string,
  value: unknown,
): Promise<void> {
  if (value === null || value === undefined) {
    await db.deleteFrom('preference').where('username', '=', username).where('key', '=', key).execute();
    return;
  }
  const now = new Date();
  const json = JSON.stringify(value);
  await db
    .insertInto('preference')
    .values({ username, key, value: json, updated_at: now })
    .onConflict((c) => c.columns(['username', 'key']).doUpdateSet({ value: json, updated_at: now }))
    .execute();
}
