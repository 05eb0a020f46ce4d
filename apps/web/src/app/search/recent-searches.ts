import type { SearchGroupKind } from '../gql/graphql';

/** How many recent records the search dialog offers. */
export const RECENT_SEARCHES_MAX = 10;

/**
 * A record the search opened (issue 45): offered again, empty, as itself (its title and detail) and opened again at
 * the address it opened, without searching.
 */
export interface RecentRecord {
  kind: SearchGroupKind;
  id: string;
  title: string;
  detail: string | null;
  /** The address it opened (`hitPath`). */
  path: string;
}

const sameRecord = (a: RecentRecord, b: RecentRecord) => a.kind === b.kind && a.id === b.id;

/** The recent records after `record` was opened: newest first, once each, at most 10. */
export function addRecentRecord(recent: readonly RecentRecord[], record: RecentRecord): RecentRecord[] {
  return [record, ...recent.filter((item) => !sameRecord(item, record))].slice(0, RECENT_SEARCHES_MAX);
}

/** The recent records without `record` (the operator removed it). */
export function removeRecentRecord(recent: readonly RecentRecord[], record: RecentRecord): RecentRecord[] {
  return recent.filter((item) => !sameRecord(item, record));
}

const text = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * The stored value read back safely: only whole records with an address of this app, at most 10. A damaged
 * preference, or the texts older versions kept (a text was run again, not a record opened), is no history.
 */
export function readRecentRecords(stored: unknown): RecentRecord[] {
  if (!Array.isArray(stored)) return [];
  return stored
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .filter((item) => text(item.kind) && text(item.id) && text(item.title) && text(item.path))
    .filter((item) => (item.path as string).startsWith('/') && !(item.path as string).startsWith('//'))
    .map((item) => ({
      kind: item.kind as SearchGroupKind,
      id: item.id as string,
      title: item.title as string,
      detail: typeof item.detail === 'string' ? item.detail : null,
      path: item.path as string,
    }))
    .slice(0, RECENT_SEARCHES_MAX);
}
