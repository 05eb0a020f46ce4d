/** The upstream list conventions: encoded filters, 1-based page, limit and sorts (docs/upstream-contract.md). */

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
