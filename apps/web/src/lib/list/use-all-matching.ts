import { useCallback, useEffect, useMemo, useState } from 'react';

/**
 * The most items one bulk action processes: the gateway's BULK_MAX_ITEMS default (its `matching` refuses more
 * with the same Spanish message, so a gateway set lower still refuses safely).
 */
export const BULK_MAX_ITEMS = 500;

/**
 * "All N matching the search" of a list (beyond the spec; docs/decisions.md, "Bulk actions"), as the bulk bar shows it:
 * - `offer`: every row of the page is ticked and more rows match: the bar offers to select the `count` matching
 *   rows (`overMax` when more than `maxItems`: the offer is shown disabled);
 * - `active`: the operator took it: bulk actions run over the filter (`count` confirmed), not over ids.
 * A new list view (filter, sort, page: a new `key`), a row unticked or `undo` leaves the mode.
 */
export interface AllMatching {
  offer: { count: number; overMax: boolean; maxItems: number } | null;
  active: boolean;
  /** Rows matching the filter (the list's total) while active; 0 otherwise. */
  count: number;
  selectAll(): void;
  undo(): void;
}

export interface AllMatchingOptions {
  /** The list view's key (useListState's `key`: filter, sort, page and size). */
  key: string;
  /** Rows matching the filter, undefined while unknown. */
  total: number | undefined;
  /** Rows on the page. */
  pageRows: number;
  /** Rows of the page ticked. */
  selectedCount: number;
  maxItems?: number;
}

/** The state of "all N matching the search" for one list view. */
export function useAllMatching({
  key,
  total,
  pageRows,
  selectedCount,
  maxItems = BULK_MAX_ITEMS,
}: AllMatchingOptions): AllMatching {
  const [chosen, setChosen] = useState<string | null>(null);
  const wholePage = pageRows > 0 && selectedCount === pageRows;
  const more = total !== undefined && total > pageRows;
  const active = chosen === key && wholePage && more;
  // Once left (another view, a row unticked), the mode stays left: coming back does not select all again.
  useEffect(() => {
    if (chosen !== null && !active) setChosen(null);
  }, [chosen, active]);
  const selectAll = useCallback(() => setChosen(key), [key]);
  const undo = useCallback(() => setChosen(null), []);
  return useMemo(
    () => ({
      offer:
        wholePage && more && total !== undefined
          ? { count: total, overMax: total > maxItems, maxItems }
          : null,
      active,
      count: active && total !== undefined ? total : 0,
      selectAll,
      undo,
    }),
    [wholePage, more, total, maxItems, active, selectAll, undo],
  );
}
