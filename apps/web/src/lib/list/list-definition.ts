/**
 * A list screen's state (filters, page, page size, sort), all of it in the URL so every view can be linked, and
 * the last one restored from session storage under `<area>.list`. An area describes its list once, in a
 * `ListDefinition`: the codec of its own filters, its sort fields, page sizes and defaults. Everything else
 * (page and sort parameters, defaults left out of the URL, returning to page 1 on a filter change) is here.
 *
 * Common URL parameters: `page` (1-based, default 1), `page_size` (one of the definition's sizes) and
 * `sort` (`<field param>:asc|desc`, default the definition's sort).
 */

import { createSessionCache, decodeString, type SessionCache } from '../session-cache';

export type SortDirection = 'ASC' | 'DESC';

export interface ListSort<Field extends string> {
  field: Field;
  direction: SortDirection;
}

/** Page, size and sort: the part of every list's state that is not a filter. */
export interface ListPosition<Field extends string> {
  page: number;
  pageSize: number;
  sort: ListSort<Field>;
}

/** A list's whole state: the area's filters plus its position. */
export type ListState<Filters extends object, Field extends string> = Filters & ListPosition<Field>;

/** How one sort field appears: its URL text (the upstream field name) and the grid column that sorts by it. */
export interface SortFieldSpec {
  param: string;
  column: string;
}

/** The area's filters to and from the URL. */
export interface FilterCodec<Filters extends object> {
  /** Every URL parameter the filters read (aliases included). */
  params: readonly string[];
  /** The filters named by the URL; anything missing or invalid takes its value from `defaults`. */
  parse(params: URLSearchParams, defaults: Filters): Filters;
  /** Writes the filters into `params` (leaving defaults out, where the area wants that). */
  write(filters: Filters, params: URLSearchParams): void;
  /** The rules that tie filters together (applied on every parse, write and change); identity when absent. */
  normalize?(filters: Filters): Filters;
}

export interface ListDefinition<Filters extends object, Field extends string> {
  /** The area's name: the session storage key is `<area>.list`. */
  area: string;
  filters: FilterCodec<Filters>;
  /** The filters with nothing chosen (the period of `now`, for instance). */
  defaultFilters(now: Date): Filters;
  pageSizes: readonly number[];
  defaultPageSize: number;
  sortFields: Readonly<Record<Field, SortFieldSpec>>;
  defaultSort: ListSort<Field>;
  /**
   * Parameters a link from elsewhere uses to open the list on one filter (spec 000 §2: `pagador`,
   * `collector_id`, `status` on /suscripciones). When one is present, the saved list is forgotten and the address
   * is rewritten to the list's own parameters (which should not include these names). Optional.
   */
  entryParams?: readonly string[];
  /**
   * Parameters of what the list's screen opens over the list (a request's detail, `solicitud`): the list neither reads
   * nor saves them, and keeps them as they are whenever it writes its own, so that the address names the dialog open
   * (copied, reloaded) while the list stays as it was. Optional.
   */
  dialogParams?: readonly string[];
  /** The list's route (`/pagadores/referencias`), where `hrefOf` links. Optional: a list no screen links to. */
  path?: string;
}

/**
 * A list other screens link into: its definition with its route. An area's linked list is declared in a file of its
 * own, `<list>.definition.ts` (its route and codec: no documents, no React), the one file of an area another area may
 * import (eslint.config.js, e2e/bundle.test.ts).
 */
export type LinkedListDefinition<Filters extends object, Field extends string> = ListDefinition<
  Filters,
  Field
> & {
  path: string;
};

/**
 * The sort fields of a list named by the platform's convention: the field `REQUEST_DATE` sorts the grid column
 * `requestDate` and is written `request_date` in the URL (the upstream field name). `exceptions` gives the param
 * or column of the fields that differ (`payer.name`, a column of another name). Each field of the sort enum must
 * be listed: a missing one is a type error where the definition declares its `Field`.
 */
export function sortFieldsOf<const Field extends string>(
  fields: readonly Field[],
  exceptions: Partial<Record<Field, Partial<SortFieldSpec>>> = {},
): Record<Field, SortFieldSpec> {
  return Object.fromEntries(
    fields.map((field) => {
      const column = field.toLowerCase().replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
      return [field, { param: field.toLowerCase(), column, ...exceptions[field] }];
    }),
  ) as Record<Field, SortFieldSpec>;
}

/** The filters of a list searched by one text. */
export interface SearchTextFilters {
  search: string;
}

/** A list searched by one text, `q` in the URL: trimmed, and left out of the URL when empty. */
export const SEARCH_TEXT_FILTERS: FilterCodec<SearchTextFilters> = {
  params: ['q'],
  parse: (params, defaults) => ({ search: (params.get('q') ?? defaults.search).trim() }),
  write(filters, params) {
    if (filters.search) params.set('q', filters.search);
  },
};

/** The page sizes every list offers, 25 rows by default (spec 000 §2). */
export const STANDARD_PAGING: Pick<ListDefinition<object, string>, 'pageSizes' | 'defaultPageSize'> = {
  pageSizes: [10, 25, 50, 100],
  defaultPageSize: 25,
};

/** The standard page sizes, 10 rows by default: the lists of spec 001 that open short (batches, AFIP...). */
export const SHORT_PAGING: Pick<ListDefinition<object, string>, 'pageSizes' | 'defaultPageSize'> = {
  ...STANDARD_PAGING,
  defaultPageSize: 10,
};

/** Every list shares these parameter names. */
export const POSITION_PARAMS = ['page', 'page_size', 'sort'] as const;

export const sessionKeyOf = (definition: { area: string }) => `${definition.area}.list`;

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return undefined;
  const parsed = Number(value.trim());
  return parsed >= 1 ? parsed : undefined;
}

function normalizeFilters<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
  filters: F,
): F {
  return definition.filters.normalize ? definition.filters.normalize(filters) : filters;
}

/** The filters part of a state (everything but page, pageSize and sort). */
export function filtersOf<F extends object, S extends string>(state: ListState<F, S>): F {
  const { page: _page, pageSize: _pageSize, sort: _sort, ...filters } = state;
  return filters as unknown as F;
}

/** Page, size and sort of a state: the variables every sorted list query takes besides its filter. */
export function positionOf<S extends string>(state: ListPosition<S>): ListPosition<S> {
  return { page: state.page, pageSize: state.pageSize, sort: state.sort };
}

/** The state with its filters normalized. */
export function normalizeListState<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
  state: ListState<F, S>,
): ListState<F, S> {
  return {
    ...normalizeFilters(definition, filtersOf(state)),
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
  };
}

export function defaultListState<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
  now: Date = new Date(),
): ListState<F, S> {
  return {
    ...normalizeFilters(definition, definition.defaultFilters(now)),
    page: 1,
    pageSize: definition.defaultPageSize,
    sort: definition.defaultSort,
  };
}

export function parseSort<S extends string>(
  definition: Pick<ListDefinition<object, S>, 'sortFields' | 'defaultSort'>,
  value: string | null,
): ListSort<S> {
  if (!value) return definition.defaultSort;
  const [fieldParam, directionParam = 'asc'] = value.split(':');
  const field = (Object.keys(definition.sortFields) as S[]).find(
    (key) => definition.sortFields[key].param === fieldParam,
  );
  const direction = directionParam.toLowerCase();
  if (!field || (direction !== 'asc' && direction !== 'desc')) return definition.defaultSort;
  return { field, direction: direction === 'asc' ? 'ASC' : 'DESC' };
}

/** Reads the list state from the URL; anything missing or invalid takes its default. */
export function parseListParams<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
  params: URLSearchParams,
  now: Date = new Date(),
): ListState<F, S> {
  const pageSize = positiveInt(params.get('page_size'));
  return normalizeListState(definition, {
    ...definition.filters.parse(params, definition.defaultFilters(now)),
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: pageSize && definition.pageSizes.includes(pageSize) ? pageSize : definition.defaultPageSize,
    sort: parseSort(definition, params.get('sort')),
  });
}

/** Writes the list state as URL parameters in a stable order: the filters, then page, size and sort if not default. */
export function serializeListState<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
  input: ListState<F, S>,
): URLSearchParams {
  const state = normalizeListState(definition, input);
  const params = new URLSearchParams();
  definition.filters.write(filtersOf(state), params);
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== definition.defaultPageSize) params.set('page_size', String(state.pageSize));
  const { field, direction } = definition.defaultSort;
  if (state.sort.field !== field || state.sort.direction !== direction) {
    params.set(
      'sort',
      `${definition.sortFields[state.sort.field].param}:${state.sort.direction.toLowerCase()}`,
    );
  }
  return params;
}

/**
 * A link into a list: its route with the given filters (the others at their defaults) written by the
 * definition's own codec, on page 1 at the default size and sort: the address the list itself would show for
 * that state, so the list reads the link as those filters.
 */
export function hrefOf<F extends object, S extends string>(
  definition: LinkedListDefinition<F, S>,
  filters: Partial<F>,
  now: Date = new Date(),
): string {
  const state = withFilters(definition, defaultListState(definition, now), filters);
  const query = serializeListState(definition, state).toString();
  return query ? `${definition.path}?${query}` : definition.path;
}

/**
 * A link into a list by the parameters the spec gives it (spec 000 §2: the payer detail's buttons open /pagos and
 * /suscripciones with `pagador`): the definition's route with parameters it reads, an entry parameter or a filter's
 * (aliases included), so the list reads the link as the filters they name, or a dialog's (`dialogParams`: the dialog
 * opens over the list). Any other name is a programming error.
 */
export function entryHrefOf(
  definition: LinkedListDefinition<object, string>,
  params: Readonly<Record<string, string>>,
): string {
  const read = [...listParamNames(definition), ...(definition.dialogParams ?? [])];
  const unknown = Object.keys(params).filter((name) => !read.includes(name));
  if (unknown.length > 0) throw new Error(`${definition.path} does not read ${unknown.join(', ')}`);
  const query = new URLSearchParams(params).toString();
  return query ? `${definition.path}?${query}` : definition.path;
}

/** Every URL parameter the list reads. */
export function listParamNames(definition: ListDefinition<object, string>): string[] {
  return [...definition.filters.params, ...POSITION_PARAMS, ...(definition.entryParams ?? [])];
}

/** The address's parameters without the dialog's (`dialogParams`): what the list reads and saves. */
export function withoutDialogParams(
  definition: ListDefinition<object, string>,
  params: URLSearchParams,
): URLSearchParams {
  const own = new URLSearchParams(params);
  for (const name of definition.dialogParams ?? []) own.delete(name);
  return own;
}

/** The list's parameters `list`, followed by the dialog's parameters the address `from` has (`dialogParams`). */
export function withDialogParams(
  definition: ListDefinition<object, string>,
  list: URLSearchParams,
  from: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(list);
  for (const name of definition.dialogParams ?? []) {
    next.delete(name);
    for (const value of from.getAll(name)) next.append(name, value);
  }
  return next;
}

/** True when the URL names a list (otherwise the last list is restored from session storage). */
export function hasListParams(definition: ListDefinition<object, string>, params: URLSearchParams): boolean {
  return listParamNames(definition).some((name) => params.has(name));
}

/**
 * The last list of an area (its URL query) in this tab's session storage, under `<area>.list`: what a list screen
 * returns to (use-list-state.ts) and what a route's preload asks for before React has loaded (lib/preload).
 */
export function listSessionCache(definition: ListDefinition<object, string>): SessionCache<string> {
  return createSessionCache(sessionKeyOf(definition), (value) => {
    const text = decodeString(value);
    return text !== undefined && hasListParams(definition, new URLSearchParams(text)) ? text : undefined;
  });
}

/** True when the URL carries an entry parameter (the saved list is then forgotten). */
export function hasEntryParams(definition: ListDefinition<object, string>, params: URLSearchParams): boolean {
  return (definition.entryParams ?? []).some((name) => params.has(name));
}

/** Changes filters; any filter change returns to page 1. */
export function withFilters<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
  state: ListState<F, S>,
  filters: Partial<F>,
): ListState<F, S> {
  return normalizeListState(definition, { ...state, ...filters, page: 1 });
}

/** Changes the sort (null: the default sort); returns to page 1. */
export function withSort<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
  state: ListState<F, S>,
  sort: ListSort<S> | null,
): ListState<F, S> {
  return { ...state, sort: sort ?? definition.defaultSort, page: 1 };
}

/** Moves to a page; a new page size returns to page 1. */
export function withPage<F extends object, S extends string>(
  state: ListState<F, S>,
  page: number,
  pageSize: number = state.pageSize,
): ListState<F, S> {
  const sizeChanged = pageSize !== state.pageSize;
  return { ...state, pageSize, page: sizeChanged ? 1 : Math.max(1, Math.floor(page)) };
}

/** The default filters and sort, keeping the page size the operator chose. */
export function clearedListState<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
  state: ListState<F, S>,
  now: Date = new Date(),
): ListState<F, S> {
  return { ...defaultListState(definition, now), pageSize: state.pageSize };
}

/** The last page of `total` rows (1 for an empty list). */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The grid's sort (column and direction) for a list sort; null when no column sorts by that field. */
export function toTableSort<S extends string>(
  definition: Pick<ListDefinition<object, S>, 'sortFields'>,
  sort: ListSort<S>,
): { field: string; direction: 'asc' | 'desc' } | null {
  const spec = definition.sortFields[sort.field] as SortFieldSpec | undefined;
  return spec ? { field: spec.column, direction: sort.direction === 'ASC' ? 'asc' : 'desc' } : null;
}

/** The list sort for the grid's sort; null (no sort, or a column the server cannot sort) means the default. */
export function fromTableSort<S extends string>(
  definition: Pick<ListDefinition<object, S>, 'sortFields'>,
  sort: { field: string; direction: 'asc' | 'desc' } | null,
): ListSort<S> | null {
  if (!sort) return null;
  const field = (Object.keys(definition.sortFields) as S[]).find(
    (key) => definition.sortFields[key].column === sort.field,
  );
  return field ? { field, direction: sort.direction === 'asc' ? 'ASC' : 'DESC' } : null;
}
