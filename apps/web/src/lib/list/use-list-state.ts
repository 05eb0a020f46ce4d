import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';
import { useStillAtAddress } from '../router-address';
import {
  clearedListState,
  withFilters,
  withPage,
  withSort,
  listSessionCache,
  serializeListState,
  parseListParams,
  lastPageOf,
  hasListParams,
  hasEntryParams,
  withDialogParams,
  withoutDialogParams,
  type ListDefinition,
  type ListSort,
  type ListState,
} from './list-definition';

export interface ListStateHandle<F extends object, S extends string> {
  state: ListState<F, S>;
  /** Stable key of the list state (its query string): selection and effects hang on it. */
  key: string;
  /**
   * Shows the new state and writes it to the URL (a new history entry unless `replace`). A replacing change is an
   * effect's (a page past the end, an emptied page): it is dropped once the router has left this address.
   */
  setState: (next: ListState<F, S>, options?: { replace?: boolean }) => void;
  /** Changes filters and returns to page 1. */
  setFilters: (filters: Partial<F>) => void;
  /** Changes the sort (null: the default) and returns to page 1. */
  setSort: (sort: ListSort<S> | null) => void;
  /** Moves to a page (a new size returns to page 1). */
  setPage: (page: number, pageSize?: number, options?: { replace?: boolean }) => void;
  /** Back to the default filters and sort, keeping the page size. */
  clear: () => void;
  /**
   * How many times `clear` ran: a filter form keyed on it (`useListPage`'s `filtersKey`) drops what was typed or
   * chosen but not applied, even when the applied filters were the defaults already.
   */
  clears: number;
}

/**
 * The history state of a bare address an entry link was rewritten to: it shows the saved list (the entry's) as it
 * is, without naming it in the address (spec 000 §2: the parameters are removed from the address).
 */
const ENTERED = { listEntered: true } as const;
const wasEntered = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as { listEntered?: unknown }).listEntered === true;

/**
 * The list state lives in the URL. An address that names no list shows the last list of this tab (session
 * storage) and is rewritten to it; an address with one of the definition's entry parameters forgets the saved
 * list, saves the list it names and leaves the address without parameters, which then shows that saved
 * list until the operator changes it; every list shown is saved back.
 *
 * React Router applies navigations inside a transition, so for a moment the committed location is still the
 * previous one. A change made here is therefore shown at once from local state (the grid's controlled sort and
 * paging, and the handlers it holds, must never act on the previous state), and the URL takes over again as soon
 * as it moves: when it catches up, or on back/forward, a link or a restore.
 */
export function useListState<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
): ListStateHandle<F, S> {
  const [address, setSearchParams] = useSearchParams();
  // A dialog the screen opens over the list (`dialogParams`) is no part of the list: neither read nor saved, and kept
  // in the address whenever the list writes it.
  const searchParams = useMemo(() => withoutDialogParams(definition, address), [definition, address]);
  const addressNow = useRef(address);
  addressNow.current = address;
  const { state: historyState, pathname } = useLocation();
  const cache = useMemo(() => listSessionCache(definition), [definition]);
  const current = searchParams.toString();
  const bare = !hasListParams(definition, searchParams);
  const entry = hasEntryParams(definition, searchParams);
  // The list an entry link names, in the list's own terms (saved, shown, and taken out of the address).
  const entryKey = entry
    ? serializeListState(definition, parseListParams(definition, searchParams)).toString()
    : undefined;
  // The bare address an entry link left: the saved list, shown as it is.
  const enteredKey = bare && wasEntered(historyState) ? cache.read() : undefined;
  // What the address should become: the saved list, or none after an entry link.
  const rewrite = entry ? '' : bare && enteredKey === undefined ? cache.read() : undefined;
  const urlKey = entryKey ?? enteredKey ?? rewrite ?? current;

  // A change made here that the committed location does not show yet. React renders a pending navigation and
  // the urgent updates in between (query results) with different locations; both must show this same list, and
  // no state may be set while rendering, or the two renders keep undoing each other and the navigation never
  // commits (the list re-requested its previous sort in a loop).
  const [pending, setPending] = useState<{ key: string; from: string } | null>(null);
  const committedUrl = useRef(urlKey);
  useEffect(() => {
    committedUrl.current = urlKey;
    if (pending && pending.from !== urlKey) setPending(null);
  }, [pending, urlKey]);
  const key = pending && pending.from === urlKey ? pending.key : urlKey;

  // A change shown ahead of the router's transition holds while the router stays at its address (`pendingAddress`,
  // set as the change is made). A navigation made before that transition commits (the operator leaving at once, a
  // link, the browser's back) replaces it, and the change never commits: it is dropped then, or the screen went on
  // showing a list its address did not name (a 'Buscar' with that list's variables then asked nothing).
  const pendingAddress = useRef<string | null>(null);
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  useEffect(() => {
    if (!router) return undefined;
    return router.subscribe(({ navigation, location }) => {
      const target = pendingAddress.current;
      if (
        navigation.state !== 'idle' ||
        target === null ||
        `${location.pathname}${location.search}` === target
      )
        return;
      pendingAddress.current = null;
      setPending(null);
    });
  }, [router]);

  // The address is rewritten only while the router is still here: a screen first shown as the operator opens
  // another one would otherwise give that one its list's query (router-address.ts).
  const stillHere = useStillAtAddress();
  useEffect(() => {
    if (rewrite !== undefined && stillHere()) {
      setSearchParams(withDialogParams(definition, new URLSearchParams(rewrite), addressNow.current), {
        replace: true,
        state: entry ? ENTERED : undefined,
      });
    }
  }, [rewrite, entry, setSearchParams, stillHere, definition]);

  useEffect(() => {
    if (entry) cache.write(urlKey);
    else if (!bare) cache.write(current);
  }, [bare, entry, current, urlKey, cache]);

  const state = useMemo(() => parseListParams(definition, new URLSearchParams(key)), [definition, key]);

  // Handlers the grid registered in an earlier render still run (a new sort resets its paging from an effect):
  // each change starts from the list shown now, never from the one a handler closed over.
  const shown = useRef({ state, key });
  shown.current = { state, key };

  const setState = useCallback(
    (next: ListState<F, S>, options?: { replace?: boolean }) => {
      // A replacing change comes from an effect (a page past the end, a method the catalogue does not know, an
      // emptied page): none once the operator has left for another address.
      if (options?.replace && !stillHere()) return;
      const params = serializeListState(definition, next);
      const nextKey = params.toString();
      if (nextKey === shown.current.key) return; // the list shown already: no request, no history entry
      shown.current = { state: next, key: nextKey };
      // Saved now, not once the navigation commits: an operator who leaves at once keeps the search. The list's
      // defaults have no parameters: the saved list is forgotten, or a reload would restore the previous one.
      if (hasListParams(definition, params)) cache.write(nextKey);
      else cache.clear();
      setPending({ key: nextKey, from: committedUrl.current });
      const written = withDialogParams(definition, params, addressNow.current);
      const query = written.toString();
      pendingAddress.current = query ? `${pathname}?${query}` : pathname;
      setSearchParams(written, { replace: options?.replace ?? false });
    },
    [definition, setSearchParams, cache, stillHere, pathname],
  );

  const [clears, setClears] = useState(0);

  return useMemo(
    () => ({
      state,
      key,
      clears,
      setState,
      setFilters: (filters) => setState(withFilters(definition, shown.current.state, filters)),
      setSort: (sort) => setState(withSort(definition, shown.current.state, sort)),
      setPage: (page, pageSize, options) => setState(withPage(shown.current.state, page, pageSize), options),
      clear: () => {
        setClears((count) => count + 1);
        setState(clearedListState(definition, shown.current.state));
      },
    }),
    [state, key, clears, setState, definition],
  );
}

/**
 * A page past the end (an old link, or rows that left after an action) moves to the last page, replacing the
 * history entry. `total` is the list's total as the server (or the cache) last said; undefined while unknown.
 */
export function useListPageClamp<F extends object, S extends string>(
  list: Pick<ListStateHandle<F, S>, 'state' | 'setState'>,
  total: number | undefined,
): void {
  const { state, setState } = list;
  const last = total === undefined ? undefined : lastPageOf(total, state.pageSize);
  const pastTheEnd = last !== undefined && total !== undefined && total > 0 && state.page > last;
  useEffect(() => {
    if (pastTheEnd && last !== undefined) setState(withPage(state, last, state.pageSize), { replace: true });
  }, [pastTheEnd, last, state, setState]);
}

export interface ListSelection<Row> {
  /** Selected ids still shown in the current list view. */
  selectedIds: string[];
  selectedRows: Row[];
  setSelectedIds: (ids: string[]) => void;
  /** Drops ids from the selection (done items of a bulk action, for instance). */
  deselect: (ids: Iterable<string>) => void;
}

const NO_IDS: string[] = [];

/**
 * The selection of one list view: a new page, sort or filter (a new `key`) starts empty, and rows that left the
 * list (after an action) leave the selection too.
 */
export function useListSelection<Row extends { id: string }>(
  key: string,
  rows: readonly Row[],
): ListSelection<Row> {
  const [selection, setSelection] = useState<{ key: string; ids: string[] }>({ key, ids: [] });
  const selectedIds = useMemo(() => {
    if (selection.key !== key) return NO_IDS;
    const visible = new Set(rows.map((row) => row.id));
    return selection.ids.filter((id) => visible.has(id));
  }, [selection, key, rows]);
  const selectedRows = useMemo(() => {
    const chosen = new Set(selectedIds);
    return rows.filter((row) => chosen.has(row.id));
  }, [rows, selectedIds]);
  const setSelectedIds = useCallback((ids: string[]) => setSelection({ key, ids }), [key]);
  const deselect = useCallback((ids: Iterable<string>) => {
    const gone = new Set(ids);
    setSelection((current) => ({ ...current, ids: current.ids.filter((id) => !gone.has(id)) }));
  }, []);
  return { selectedIds, selectedRows, setSelectedIds, deselect };
}
