/**
 * The upstream list convention: `filters` (URL-encoded JSON array of {field, value, operation}),
 * `page` (1-based), `limit`, `sorts` (`field:asc|desc,...`). Answers `{rows, page, limit, size}`.
 */
import { invalidFilters } from './errors.js';
import { compileGetter, isValidPath, type Getter } from './paths.js';
import { epoch, fold, isIsoDate } from './text.js';

export const OPERATIONS = [
  'EQUAL',
  'GREATER_THAN_OR_EQUAL_TO',
  'LESS_THAN_OR_EQUAL_TO',
  'LESS_THAN',
  'CONTAINS',
  'LIKE',
  'IN',
] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface Filter {
  field: string;
  value: unknown;
  operation: Operation;
}

export interface Sort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ListQuery {
  filters: Filter[];
  sorts: Sort[];
  page: number;
  limit: number;
}

export interface Page<T> {
  rows: T[];
  page: number;
  limit: number;
  size: number;
}

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 1000;
const MAX_FILTERS = 50;
const MAX_IN_VALUES = 1000;

export interface ListQueryOptions {
  /** Fields that may be filtered and sorted; anything else is answered 400. */
  isKnownField?: (field: string) => boolean;
  /** Applied when the request has no `sorts`. */
  defaultSorts?: Sort[];
}

type Scalar = string | number | boolean | null;
const isScalar = (value: unknown): value is Scalar =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidFilters(`El parámetro ${name} debe aparecer una sola vez.`);
  return value;
}

function positiveInt(raw: string | undefined, name: string, fallback: number, max?: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw invalidFilters(`El parámetro ${name} debe ser un entero mayor o igual a 1.`);
  }
  const value = Number(raw);
  if (max !== undefined && value > max) throw invalidFilters(`El parámetro ${name} no puede superar ${max}.`);
  return value;
}

function checkField(field: unknown, options: ListQueryOptions, what: string): string {
  if (typeof field !== 'string' || !isValidPath(field)) {
    throw invalidFilters(`${what}: el campo ${JSON.stringify(field)} no es una ruta válida.`);
  }
  if (options.isKnownField && !options.isKnownField(field)) {
    throw invalidFilters(`${what}: el campo ${field} no existe.`);
  }
  return field;
}

export function parseFilters(raw: string | undefined, options: ListQueryOptions = {}): Filter[] {
  if (raw === undefined || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidFilters('El parámetro filters no es JSON válido.');
  }
  if (!Array.isArray(parsed)) throw invalidFilters('El parámetro filters debe ser un arreglo JSON.');
  if (parsed.length > MAX_FILTERS) throw invalidFilters(`Se admiten hasta ${MAX_FILTERS} filtros.`);
  return parsed.map((item: unknown, index): Filter => {
    const where = `Filtro ${index + 1}`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      throw invalidFilters(`${where}: debe ser un objeto {field, value, operation}.`);
    }
    const { field, value, operation } = item as Record<string, unknown>;
    const checkedField = checkField(field, options, where);
    if (typeof operation !== 'string' || !(OPERATIONS as readonly string[]).includes(operation)) {
      throw invalidFilters(`${where}: operación ${JSON.stringify(operation)} desconocida.`);
    }
    if (!('value' in item)) throw invalidFilters(`${where}: falta value.`);
    const op = operation as Operation;
    if (op === 'IN') {
      if (!Array.isArray(value) || !value.every(isScalar)) {
        throw invalidFilters(`${where}: IN requiere un arreglo de valores.`);
      }
      if (value.length > MAX_IN_VALUES)
        throw invalidFilters(`${where}: IN admite hasta ${MAX_IN_VALUES} valores.`);
    } else if (op === 'EQUAL') {
      if (!isScalar(value)) throw invalidFilters(`${where}: EQUAL requiere un valor simple.`);
    } else if (typeof value !== 'string' && typeof value !== 'number') {
      throw invalidFilters(`${where}: ${op} requiere un texto o un número.`);
    } else if ((op === 'CONTAINS' || op === 'LIKE') && value === '') {
      throw invalidFilters(`${where}: ${op} requiere un texto no vacío.`);
    }
    return { field: checkedField, value, operation: op };
  });
}

export function parseSorts(raw: string | undefined, options: ListQueryOptions = {}): Sort[] {
  if (raw === undefined || raw === '') return options.defaultSorts ?? [];
  return raw.split(',').map((part) => {
    const match = /^\s*([^:\s]+)\s*(?::\s*(asc|desc|ASC|DESC)\s*)?$/.exec(part);
    if (!match)
      throw invalidFilters(`Orden ${JSON.stringify(part)} inválido: se espera campo:asc o campo:desc.`);
    const field = checkField(match[1], options, 'Orden');
    return { field, direction: (match[2] ?? 'asc').toLowerCase() as 'asc' | 'desc' };
  });
}

export function parseListQuery(query: Record<string, unknown>, options: ListQueryOptions = {}): ListQuery {
  return {
    filters: parseFilters(single(query, 'filters'), options),
    sorts: parseSorts(single(query, 'sorts'), options),
    page: positiveInt(single(query, 'page'), 'page', 1),
    limit: positiveInt(single(query, 'limit'), 'limit', DEFAULT_LIMIT, MAX_LIMIT),
  };
}

// ---------------------------------------------------------------------------------------------
// Matching

type Predicate = (row: unknown) => boolean;

/** Comparable form of a filter operand: numbers stay numbers, ISO dates become epoch ms. */
interface Operand {
  raw: Scalar;
  text: string;
  folded: string;
  number: number;
  date: number;
}

function operand(raw: Scalar): Operand {
  const text = raw === null ? '' : String(raw);
  return {
    raw,
    text,
    folded: fold(text),
    number: typeof raw === 'number' ? raw : text.trim() === '' ? NaN : Number(text),
    date: typeof raw === 'string' && isIsoDate(raw) ? epoch(raw) : NaN,
  };
}

/** -1/0/1, or NaN when the two are not comparable (missing value, text against number...). */
function compareTo(value: unknown, target: Operand): number {
  if (typeof value === 'number') {
    if (Number.isNaN(target.number)) return NaN;
    return Math.sign(value - target.number);
  }
  if (typeof value === 'string') {
    if (!Number.isNaN(target.date) && isIsoDate(value)) return Math.sign(epoch(value) - target.date);
    if (typeof target.raw === 'number') {
      const asNumber = value.trim() === '' ? NaN : Number(value);
      return Number.isNaN(asNumber) ? NaN : Math.sign(asNumber - target.number);
    }
    return value < target.text ? -1 : value > target.text ? 1 : 0;
  }
  return NaN;
}

function equals(value: unknown, target: Operand): boolean {
  if (value === null || value === undefined) return target.raw === null;
  if (target.raw === null) return false;
  if (typeof value === 'boolean') return String(value) === target.text.toLowerCase();
  if (typeof value === 'number') return value === target.number;
  if (typeof value === 'string') {
    if (!Number.isNaN(target.date) && isIsoDate(value)) return epoch(value) === target.date;
    // Case-insensitive, as the platform's database collation is.
    return value === target.text || fold(value) === target.folded;
  }
  return false;
}

function likeRegExp(pattern: string): RegExp {
  let source = '';
  for (const char of fold(pattern)) {
    if (char === '%') source += '.*';
    else if (char === '_') source += '.';
    else source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}

const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

function compileFilter(filter: Filter): Predicate {
  const get: Getter = compileGetter(filter.field);
  const any =
    (test: (value: unknown) => boolean): Predicate =>
    (row) => {
      const values = get(row);
      for (const value of values) if (test(value)) return true;
      return false;
    };
  switch (filter.operation) {
    case 'EQUAL': {
      const target = operand(filter.value as Scalar);
      if (target.raw === null) return (row) => get(row).every((value) => value === null);
      return any((value) => equals(value, target));
    }
    case 'IN': {
      const targets = (filter.value as Scalar[]).map(operand);
      return any((value) => targets.some((target) => equals(value, target)));
    }
    case 'GREATER_THAN_OR_EQUAL_TO': {
      const target = operand(filter.value as Scalar);
      return any((value) => compareTo(value, target) >= 0);
    }
    case 'LESS_THAN_OR_EQUAL_TO': {
      const target = operand(filter.value as Scalar);
      return any((value) => compareTo(value, target) <= 0);
    }
    case 'LESS_THAN': {
      const target = operand(filter.value as Scalar);
      return any((value) => compareTo(value, target) < 0);
    }
    case 'CONTAINS': {
      const needle = fold(String(filter.value));
      return any((value) => {
        const text = asText(value);
        return text !== undefined && fold(text).includes(needle);
      });
    }
    case 'LIKE': {
      const pattern = likeRegExp(String(filter.value));
      return any((value) => {
        const text = asText(value);
        return text !== undefined && pattern.test(fold(text));
      });
    }
  }
}

export function compileFilters(filters: readonly Filter[]): Predicate {
  const predicates = filters.map(compileFilter);
  if (predicates.length === 0) return () => true;
  return (row) => {
    for (const predicate of predicates) if (!predicate(row)) return false;
    return true;
  };
}

// ---------------------------------------------------------------------------------------------
// Sorting: stable; numbers numerically, ISO dates as strings, other texts case- and accent-insensitive;
// missing values last whatever the direction.

type SortKey = number | string | undefined;

function sortKey(value: unknown): SortKey {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return isIsoDate(value) ? value : fold(value);
  return undefined;
}

function compareKeys(a: SortKey, b: SortKey): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

export function sortRows<T>(rows: readonly T[], sorts: readonly Sort[]): T[] {
  if (sorts.length === 0) return rows.slice();
  const getters = sorts.map((sort) => compileGetter(sort.field));
  const decorated = rows.map((row, index) => ({
    row,
    index,
    keys: getters.map((get) => sortKey(get(row)[0])),
  }));
  decorated.sort((a, b) => {
    for (let i = 0; i < sorts.length; i++) {
      const left = a.keys[i];
      const right = b.keys[i];
      if (left === right) continue;
      // Missing values go last in both directions.
      if (left === undefined) return 1;
      if (right === undefined) return -1;
      const order = compareKeys(left, right);
      if (order !== 0) return sorts[i]?.direction === 'desc' ? -order : order;
    }
    return a.index - b.index;
  });
  return decorated.map((entry) => entry.row);
}

/** Filters and slices rows that are already in the requested order (filtering keeps the order). */
export function pageOf<T>(ordered: readonly T[], query: ListQuery): Page<T> {
  const matching = query.filters.length === 0 ? ordered : ordered.filter(compileFilters(query.filters));
  const start = (query.page - 1) * query.limit;
  return {
    rows: matching.slice(start, start + query.limit),
    page: query.page,
    limit: query.limit,
    size: matching.length,
  };
}

/** Filters, sorts and slices `rows` (never mutated). */
export function runList<T>(rows: readonly T[], query: ListQuery): Page<T> {
  return pageOf(sortRows(rows, query.sorts), query);
}
