import type { EnumParam } from './enum-param';
import { SEARCH_TEXT_FILTERS, type FilterCodec, type SearchTextFilters } from './list-definition';

/**
 * A list's filter codec put together from parts, each owning some of the filters and their URL parameters (the
 * free text, a status...), so the lists that filter alike share one reading of their URL. The parts read, write
 * and tidy their own fields, in the order given (the order of the URL's parameters).
 */
export function combineFilters<A extends object, B extends object>(
  a: FilterCodec<A>,
  b: FilterCodec<B>,
): FilterCodec<A & B>;
export function combineFilters<A extends object, B extends object, C extends object>(
  a: FilterCodec<A>,
  b: FilterCodec<B>,
  c: FilterCodec<C>,
): FilterCodec<A & B & C>;
export function combineFilters(...parts: FilterCodec<object>[]): FilterCodec<object> {
  return {
    params: parts.flatMap((part) => part.params),
    parse: (params, defaults) =>
      Object.assign({}, ...parts.map((part) => part.parse(params, defaults))) as object,
    write(filters, params) {
      for (const part of parts) part.write(filters, params);
    },
    normalize: (filters) =>
      parts.reduce(
        (tidied, part) => (part.normalize ? { ...tidied, ...part.normalize(tidied) } : tidied),
        filters,
      ),
  };
}

/** The free text at `q` (`SEARCH_TEXT_FILTERS`), also trimmed when the operator changes it. */
export const SEARCH_TEXT_PART: FilterCodec<SearchTextFilters> = {
  ...SEARCH_TEXT_FILTERS,
  normalize: (filters) => ({ ...filters, search: filters.search.trim() }),
};

/** A list filtered by one status among fixed ones (null: every status). */
export interface StatusFilters<Status extends string> {
  status: Status | null;
}

/**
 * The status at `estado`, in the URL texts of `choices`: 'todos' is every status, a missing or unknown text the
 * default. Always written ('todos' for every status): an address without list parameters restores the saved list,
 * so a reset to the defaults must still name them.
 */
export function statusFilter<Status extends string>(
  choices: EnumParam<Status>,
): FilterCodec<StatusFilters<Status>> {
  return {
    params: ['estado'],
    parse(params, defaults) {
      const raw = params.get('estado');
      return { status: raw === 'todos' ? null : (choices.parse(raw) ?? defaults.status) };
    },
    write(filters, params) {
      params.set('estado', choices.write(filters.status));
    },
  };
}
