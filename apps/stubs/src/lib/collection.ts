/**
 * An in-memory table of JSON records with the list convention: filters and sorts validated against
 * the fields the records really have, results cached per revision, each record serialized once.
 * Records are treated as immutable: a change replaces the object.
 */
import { collectPaths } from './paths.js';
import { pageOf, parseListQuery, sortRows, type Sort } from './list-query.js';
import { toJson } from './json.js';

const LIST_CACHE_SIZE = 500;

export interface CollectionOptions {
  defaultSorts?: Sort[];
  /** Paths accepted in filters and sorts besides those present in the records. */
  extraPaths?: readonly string[];
}

export class Collection<T extends { id: string }> {
  private rows: T[];
  private readonly positions = new Map<string, number>();
  private readonly paths: Set<string>;
  private readonly listCache = new Map<string, string>();
  /** Every row in the order of a sort specification (a stable sort of all rows, then filtered per request). */
  private readonly orderCache = new Map<string, readonly T[]>();
  private readonly defaultSorts: Sort[];
  /** Bumped on every change. */
  revision = 0;

  constructor(rows: readonly T[], options: CollectionOptions = {}) {
    this.rows = rows.slice();
    this.rows.forEach((row, index) => this.positions.set(row.id, index));
    this.paths = collectPaths(this.rows, new Set(options.extraPaths ?? []));
    this.defaultSorts = options.defaultSorts ?? [];
  }

  get size(): number {
    return this.rows.length;
  }

  all(): readonly T[] {
    return this.rows;
  }

  get(id: string): T | undefined {
    const index = this.positions.get(id);
    return index === undefined ? undefined : this.rows[index];
  }

  isKnownField = (field: string): boolean => this.paths.has(field);

  /** Inserts or replaces (by id). */
  put(row: T): void {
    const index = this.positions.get(row.id);
    if (index === undefined) {
      this.positions.set(row.id, this.rows.length);
      this.rows.push(row);
    } else {
      this.rows[index] = row;
    }
    collectPaths([row], this.paths);
    this.revision++;
    this.listCache.clear();
    this.orderCache.clear();
  }

  /** Removes the row with this id; false when there is none. */
  remove(id: string): boolean {
    const index = this.positions.get(id);
    if (index === undefined) return false;
    this.rows.splice(index, 1);
    this.positions.clear();
    this.rows.forEach((row, position) => this.positions.set(row.id, position));
    this.revision++;
    this.listCache.clear();
    this.orderCache.clear();
    return true;
  }

  private ordered(sorts: readonly Sort[]): readonly T[] {
    if (sorts.length === 0) return this.rows;
    const key = sorts.map((sort) => `${sort.field}:${sort.direction}`).join(',');
    let ordered = this.orderCache.get(key);
    if (ordered === undefined) {
      ordered = sortRows(this.rows, sorts);
      if (this.orderCache.size >= 50) this.orderCache.clear();
      this.orderCache.set(key, ordered);
    }
    return ordered;
  }

  /** The JSON answer `{rows, page, limit, size}` for a request's query; throws 400 on malformed input. */
  listJson(query: Record<string, unknown>): string {
    const key = `${String(query.filters ?? '')}\u0000${String(query.sorts ?? '')}\u0000${String(
      query.page ?? '',
    )}\u0000${String(query.limit ?? '')}`;
    const cached = this.listCache.get(key);
    if (cached !== undefined) {
      // Refresh its position for LRU eviction.
      this.listCache.delete(key);
      this.listCache.set(key, cached);
      return cached;
    }
    const parsed = parseListQuery(query, {
      isKnownField: this.isKnownField,
      defaultSorts: this.defaultSorts,
    });
    const page = pageOf(this.ordered(parsed.sorts), parsed);
    const json = `{"rows":[${page.rows.map(toJson).join(',')}],"page":${page.page},"limit":${page.limit},"size":${page.size}}`;
    if (this.listCache.size >= LIST_CACHE_SIZE) {
      const oldest = this.listCache.keys().next().value;
      if (oldest !== undefined) this.listCache.delete(oldest);
    }
    this.listCache.set(key, json);
    return json;
  }
}
