import type { ApolloCache } from '@apollo/client';

/**
 * Lists after an action (spec 000 §4). A mutation's answer already updated the entity in Apollo's normalized
 * cache, so a row that still matches its list shows its new values in place. A row that no longer matches the
 * list's active filter leaves every cached page of that list, and the list's total drops by the rows that left.
 * The screen then reloads a page that became empty, or moves to the new last page (`useListAfterAction`), and
 * the list state stays in the URL and session storage (`useListState`).
 *
 * An area describes its rule once: the list field (`payments`, `subscriptions`) and whether a changed row still
 * matches the filter it was listed under.
 */

/** A row's entity after an action (at least its id; the rest is what the area's rule reads). */
export interface RowChange {
  id: string;
}

/** `readField` of `cache.modify`: reads a field of a (possibly normalized) row. */
export type ReadRowField = <T>(field: string, row: unknown) => T | undefined;

export interface ListCacheRule<Change extends RowChange, Filter> {
  /** The root query field the list is stored under (`payments`). Pages have `rows` and `total`. */
  field: string;
  /** The list's filter from its stored arguments (default: the `filter` argument, or {}). */
  filterOf?: (args: Record<string, unknown> | null) => Filter;
  /** Whether an entity after an action still belongs to a list with this filter. */
  stillMatches: (change: Change, filter: Filter) => boolean;
  /** The change a cached row stands for (for lists to follow actions taken on other screens). */
  changeOfRow?: (readField: ReadRowField, row: unknown) => Change | null;
}

/** The arguments Apollo stored a field under: `payments({"filter":{...},"page":1})` -> the object. */
export function storeFieldArgs(storeFieldName: string): Record<string, unknown> | null {
  const open = storeFieldName.indexOf('(');
  const close = storeFieldName.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  try {
    const parsed: unknown = JSON.parse(storeFieldName.slice(open + 1, close));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The `filter` argument of a list (an empty filter when there is none). */
export function filterArgOf<Filter>(args: Record<string, unknown> | null): Filter {
  const filter = args?.filter;
  return (filter && typeof filter === 'object' && !Array.isArray(filter) ? filter : {}) as Filter;
}

/** Pages of the same list share their filter (and so their total), whatever their page, size or sort. */
export function listKey(filter: unknown): string {
  return JSON.stringify(filter ?? {});
}

/** The rows of one cached page that stay, and the ids that left it. */
export function pruneRows<Row, Change extends RowChange, Filter>(
  rows: readonly Row[],
  idOf: (row: Row) => string | undefined,
  changes: ReadonlyMap<string, Change>,
  filter: Filter,
  stillMatches: (change: Change, filter: Filter) => boolean,
): { rows: Row[]; removed: string[] } {
  const kept: Row[] = [];
  const removed: string[] = [];
  for (const row of rows) {
    const id = idOf(row);
    const change = id === undefined ? undefined : changes.get(id);
    if (change && id !== undefined && !stillMatches(change, filter)) removed.push(id);
    else kept.push(row);
  }
  return { rows: kept, removed };
}

/** A list's new total: the rows that left are no longer counted (never below what the page still shows). */
export function prunedTotal(total: number, removedFromList: number, rowsShown: number): number {
  return Math.max(total - removedFromList, rowsShown, 0);
}

interface StoredPage {
  rows?: readonly unknown[];
  total?: number;
  [key: string]: unknown;
}

function isStoredPage(value: unknown): value is StoredPage {
  return Boolean(value) && typeof value === 'object' && Array.isArray((value as StoredPage).rows);
}

/**
 * Applies changes to every cached page of the rule's list: rows that no longer match leave, totals drop.
 * Answers the ids that left, per list key. Idempotent: applying the same changes again changes nothing.
 */
export function applyListChanges<Change extends RowChange, Filter>(
  cache: ApolloCache,
  rule: ListCacheRule<Change, Filter>,
  changes: readonly (Change | null | undefined)[],
): Map<string, Set<string>> {
  const byId = new Map<string, Change>();
  for (const change of changes) if (change) byId.set(change.id, change);
  const removedByList = new Map<string, Set<string>>();
  if (byId.size === 0) return removedByList;
  const filterOf = rule.filterOf ?? filterArgOf<Filter>;
  const prune = (page: StoredPage, storeFieldName: string, readField: ReadRowField) => {
    const filter = filterOf(storeFieldArgs(storeFieldName));
    const pruned = pruneRows(
      page.rows ?? [],
      (row) => readField<string>('id', row) ?? undefined,
      byId,
      filter,
      rule.stillMatches,
    );
    return { ...pruned, key: listKey(filter) };
  };

  // Pass 1: which rows leave which list (a row may sit in several cached pages of one list).
  cache.modify({
    broadcast: false,
    fields: {
      [rule.field](existing: unknown, { storeFieldName, readField }) {
        if (!isStoredPage(existing)) return existing;
        const { removed, key } = prune(existing, storeFieldName, readField as ReadRowField);
        if (removed.length > 0) {
          const set = removedByList.get(key) ?? new Set<string>();
          removed.forEach((id) => set.add(id));
          removedByList.set(key, set);
        }
        return existing;
      },
    },
  });
  if (removedByList.size === 0) return removedByList;

  // Pass 2: remove them and lower the totals of every page of those lists.
  cache.modify({
    fields: {
      [rule.field](existing: unknown, { storeFieldName, readField }) {
        if (!isStoredPage(existing)) return existing;
        const { rows, key } = prune(existing, storeFieldName, readField as ReadRowField);
        const removedFromList = removedByList.get(key);
        if (!removedFromList) return existing;
        const total = typeof existing.total === 'number' ? existing.total : rows.length;
        return { ...existing, rows, total: prunedTotal(total, removedFromList.size, rows.length) };
      },
    },
  });
  return removedByList;
}

/**
 * The rows of every cached page of the list as the normalized cache knows them now (one change per id). An
 * action taken elsewhere (a detail screen) updated the entity but not the lists it sits in: applying these
 * changes when the list opens makes those lists follow it too, before the network answers.
 */
export function cachedListChanges<Change extends RowChange, Filter>(
  cache: ApolloCache,
  rule: ListCacheRule<Change, Filter>,
): Change[] {
  const found = new Map<string, Change>();
  const changeOfRow = rule.changeOfRow;
  if (!changeOfRow) return [];
  cache.modify({
    broadcast: false,
    fields: {
      [rule.field](existing: unknown, { readField }) {
        if (!isStoredPage(existing)) return existing;
        for (const row of existing.rows ?? []) {
          const change = changeOfRow(readField as ReadRowField, row);
          if (change && !found.has(change.id)) found.set(change.id, change);
        }
        return existing;
      },
    },
  });
  return [...found.values()];
}
