import type { Filter, Paged, Sort } from '../upstream/filters.js';

/**
 * Reads of a list the platform's services cannot express in one call: they AND their filters and have no OR, so a
 * search that looks in several fields (an id, a transaction id or a file name; a brand, a type or an issuer) is one
 * call per field, in parallel, merged here. Each call reads the first `page * pageSize` rows of its match (at most
 * UNION_READ_LIMIT), so the requested page of the union is exact while every match fits in that bound; a page past it
 * is empty, and the total is then the services' counts less the duplicates seen (docs/upstream-contract.md, "Searches
 * over several fields").
 */
export const UNION_READ_LIMIT = 500;

export interface UnionListOptions<Raw> {
  /** One filter set per field searched, each ANDed with the list's other filters by the caller. */
  variants: readonly Filter[][];
  /** One upstream list call: filters, 1-based page, limit. */
  read(filters: Filter[], page: number, limit: number): Promise<Paged<Raw>>;
  page: number;
  pageSize: number;
  /** The row's identity (a row matching two fields counts once). */
  idOf(raw: Raw): string;
  /** The list's order, as the service applies it (see `compareBySorts`). */
  compare(a: Raw, b: Raw): number;
}

export async function unionList<Raw>(options: UnionListOptions<Raw>): Promise<Paged<Raw>> {
  const { variants, read, page, pageSize } = options;
  const [only] = variants;
  if (variants.length === 1 && only) return read(only, page, pageSize);
  const end = page * pageSize;
  const answers = await Promise.all(variants.map((filters) => read(filters, 1, UNION_READ_LIMIT)));
  const seen = new Map<string, Raw>();
  for (const answer of answers) {
    for (const raw of answer.rows) {
      const id = options.idOf(raw);
      if (!seen.has(id)) seen.set(id, raw);
    }
  }
  const rowsRead = answers.reduce((sum, answer) => sum + answer.rows.length, 0);
  const duplicates = rowsRead - seen.size;
  const complete = answers.every((answer) => answer.size <= answer.rows.length);
  const total = complete
    ? seen.size
    : Math.max(seen.size, answers.reduce((sum, answer) => sum + answer.size, 0) - duplicates);
  const merged = [...seen.values()].sort(options.compare);
  return { rows: merged.slice(end - pageSize, end), page, limit: pageSize, size: total };
}

const valueAt = (raw: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      raw,
    );

/** Missing values last; numbers and digit strings by value; other texts in Spanish order. */
function compareValues(a: unknown, b: unknown): number {
  const aMissing = a === null || a === undefined;
  const bMissing = b === null || b === undefined;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'es', { numeric: true });
}

/** The order of an upstream `sorts` list on raw rows (dotted fields), the id breaking ties. */
export function compareBySorts<Raw>(sorts: readonly Sort[], idOf: (raw: Raw) => string) {
  return (a: Raw, b: Raw): number => {
    for (const sort of sorts) {
      const order = compareValues(valueAt(a, sort.field), valueAt(b, sort.field));
      if (order !== 0) return sort.direction === 'desc' ? -order : order;
    }
    return compareValues(idOf(a), idOf(b));
  };
}
