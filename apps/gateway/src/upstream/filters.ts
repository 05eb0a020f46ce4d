/** The upstream list conventions: encoded filters, 1-based page, limit and sorts (docs/upstream-contract.md). */
import { badUserInput } from '../errors.js';

export type FilterOperation =
  | 'EQUAL'
  | 'GREATER_THAN_OR_EQUAL_TO'
  | 'LESS_THAN_OR_EQUAL_TO'
  | 'LESS_THAN'
  | 'CONTAINS'
  | 'LIKE'
  /** Our addition for batch lookups: value is an array. */
  | 'IN';

export interface Filter {
  field: string;
  value: unknown;
  operation: FilterOperation;
}

export interface Sort {
  field: string;
  direction: 'asc' | 'desc';
}

/** A paged answer of an upstream list: `size` is the total count. */
export interface Paged<T> {
  rows: T[];
  page: number;
  limit: number;
  size: number;
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

/** The `filters` parameter value: a JSON array of {field, value, operation} (URL-encoded by `toQueryString`). */
export const encodeFilters = (filters: readonly Filter[]): string =>
  JSON.stringify(filters.map(({ field, value, operation }) => ({ field, value, operation })));

/** `field:asc,other:desc` */
export const encodeSorts = (sorts: readonly Sort[]): string =>
  sorts.map((s) => `${s.field}:${s.direction}`).join(',');

/** Query parameters of an upstream list call; empty filters and sorts are left out. */
export function listParams(options: {
  filters?: readonly Filter[];
  page?: number;
  limit?: number;
  sorts?: readonly Sort[];
}): QueryParams {
  const params: QueryParams = {};
  if (options.filters?.length) params.filters = encodeFilters(options.filters);
  if (options.page !== undefined) params.page = options.page;
  if (options.limit !== undefined) params.limit = options.limit;
  if (options.sorts?.length) params.sorts = encodeSorts(options.sorts);
  return params;
}

/** `?a=1&b=2` with every key and value percent-encoded (spaces as %20, never '+'); '' when there is nothing. */
export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

// --- Filter builders shared by every list ------------------------------------------------------------------

/** Where a free-text search looks: the id when the text is all digits, else part of `textField`. */
export interface SearchFields {
  idField: string;
  textField: string;
  /** When set, a text containing '@' is an exact, lower-cased e-mail match on this field. */
  emailField?: string;
}

/** A normalized search text -> the one filter it means (an e-mail, an id, or part of a name). */
export function searchFilter(search: string, fields: SearchFields): Filter {
  if (fields.emailField && search.includes('@')) {
    return { field: fields.emailField, operation: 'EQUAL', value: search.trim().toLowerCase() };
  }
  if (/^\d+$/.test(search)) return { field: fields.idField, operation: 'EQUAL', value: search };
  return { field: fields.textField, operation: 'CONTAINS', value: search };
}

/**
 * A period on one date field: `from` (inclusive) and/or `to` (inclusive), each an ISO date-time already
 * validated by the DateTime scalar. from after to -> BAD_USER_INPUT on `args.from` (e.g. 'filter.from').
 */
export function periodFilters(
  field: string,
  from: string | null | undefined,
  to: string | null | undefined,
  args: { from: string; to: string } = { from: 'from', to: 'to' },
): Filter[] {
  if (from && to && Date.parse(from) > Date.parse(to)) {
    throw badUserInput(
      `La fecha desde (${args.from}) debe ser anterior o igual a la fecha hasta (${args.to}).`,
      args.from,
    );
  }
  const filters: Filter[] = [];
  if (from) filters.push({ field, operation: 'GREATER_THAN_OR_EQUAL_TO', value: from });
  if (to) filters.push({ field, operation: 'LESS_THAN_OR_EQUAL_TO', value: to });
  return filters;
}
