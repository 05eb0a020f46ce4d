import type { SearchGroupKind } from '../gql/graphql';

/** How many recent records the search dialog offers. */
export const RECENT_SEARCHES_MAX = 10;

/**
 * A record the search opened: offered again, empty, as itself (its title and detail) and opened again at
 * the address it opened, without searching.
 */
export interface RecentRecord {
  kind: SearchGroupKind;
  id: string;
  title: string;
  detail: string | null;
  /** The address it opened (`hitPath`). */
  path: string;
  /** When it was opened (ms): the newest first; none on records an older app kept (their order is the list's). */
  at?: number;
}

const sameRecord = (a: RecentRecord, b: RecentRecord) => a.kind === b.kind && a.id === b.id;

/** The recent records after `record` was opened: newest first, once each, at most 10. */
export function addRecentRecord(recent: readonly RecentRecord[], record: RecentRecord): RecentRecord[] {
  return [{ ...record, at: Date.now() }, ...recent.filter((item) => !sameRecord(item, record))].slice(
    0,
    RECENT_SEARCHES_MAX,
  );
}

/** The recent records without `record` (the operator removed it). */
export function removeRecentRecord(recent: readonly RecentRecord[], record: RecentRecord): RecentRecord[] {
  return recent.filter((item) => !sameRecord(item, record));
}

const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** A record's entry in the preference (each recent record is its own entry, so two tabs keep theirs). */
const entryOf = (record: RecentRecord) => `${record.kind}:${record.id}`;

/** The records as the preference keeps them: one entry each, with when it was opened (an older app's: its place). */
export const recentRecordEntries = (recent: readonly RecentRecord[]): Record<string, RecentRecord> =>
  Object.fromEntries(
    recent.map((record, index) => [entryOf(record), { ...record, at: record.at ?? recent.length - index }]),
  );

/**
 * The stored value read back safely: only whole records with an address of this app, the 10 opened last. A damaged
 * preference, or the texts older versions kept (a text was run again, not a record opened), is no history. Entries
 * (one per record) or the list an older app kept.
 */
export function readRecentRecords(stored: unknown): RecentRecord[] {
  const listed: unknown[] = Array.isArray(stored)
    ? stored
    : typeof stored === 'object' && stored !== null
      ? Object.values(stored)
      : [];
  const records = listed
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .filter((item) => text(item.kind) && text(item.id) && text(item.title) && text(item.path))
    .filter((item) => (item.path as string).startsWith('/') && !(item.path as string).startsWith('//'))
    .map((item) => ({
      kind: item.kind as SearchGroupKind,
      id: item.id as string,
      title: item.title as string,
      detail: typeof item.detail === 'string' ? item.detail : null,
      path: item.path as string,
      ...(typeof item.at === 'number' ? { at: item.at } : {}),
    }));
  if (!Array.isArray(stored)) records.sort((a, b) => (b.at ?? 0) - (a.at ?? 0));
  return records.slice(0, RECENT_SEARCHES_MAX);
}
