import { badUserInput } from '../errors.js';

export const MAX_PAGE_SIZE = 100;

/** Every list's page size when none is asked (the schema's `pageSize: Int = 25`; one contract). */
export const DEFAULT_PAGE_SIZE = 25;

/** What a refused page size is told: its range, named by the argument (never cut silently). */
export const PAGE_SIZE_RANGE_MESSAGE = `El tamaño de página (pageSize) debe ser un número entero entre 1 y ${MAX_PAGE_SIZE}.`;

/**
 * page >= 1 and 1 <= pageSize <= 100 (the grid never shows more than 100 rows): anything else is refused with
 * BAD_USER_INPUT naming the argument, never cut to fit (a client asking 500 rows learns it got at most 100).
 */
export function normalizePaging(
  page: number | null | undefined,
  pageSize: number | null | undefined,
): { page: number; pageSize: number } {
  const p = page ?? 1;
  const size = pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(p) || p < 1)
    throw badUserInput('La página (page) debe ser un número entero mayor o igual a 1.', 'page');
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) {
    throw badUserInput(PAGE_SIZE_RANGE_MESSAGE, 'pageSize');
  }
  if (p > 1_000_000) throw badUserInput('La página (page) es demasiado grande.', 'page');
  return { page: p, pageSize: size };
}

export const MAX_SEARCH_LENGTH = 200;

/** Trimmed search text, or null when empty; too long -> BAD_USER_INPUT. */
export function normalizeSearch(search: string | null | undefined, field = 'search'): string | null {
  const text = search?.trim() ?? '';
  if (!text) return null;
  if (text.length > MAX_SEARCH_LENGTH) {
    throw badUserInput(`La búsqueda (${field}) admite hasta ${MAX_SEARCH_LENGTH} caracteres.`, field);
  }
  return text;
}

/** One page of an upstream list, as the gateway reads it: its rows and the total count (`Paged` has both). */
export interface UpstreamPage<Raw> {
  rows: readonly Raw[];
  size: number;
}

/** The GraphQL list envelope of every list (`ListPage`): its rows, the total and where the page sits. */
export interface Page<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  hasNextPage: boolean;
}

/** A page's envelope around rows already presented; `hasNextPage` from the total (page counts from 1). */
export function pageOf<Row>(rows: Row[], total: number, page: number, pageSize: number): Page<Row> {
  return { rows, total, page, pageSize, hasNextPage: page * pageSize < total };
}

/** The envelope of an upstream page: each row presented, in order. */
export function listPage<Raw, Row>(
  answer: UpstreamPage<Raw>,
  page: number,
  pageSize: number,
  present: (raw: Raw) => Row,
): Page<Row> {
  return pageOf(
    answer.rows.map((raw) => present(raw)),
    answer.size,
    page,
    pageSize,
  );
}
