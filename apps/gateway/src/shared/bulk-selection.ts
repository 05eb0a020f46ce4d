/**
 * The selection of a bulk mutation: the ids the operator ticked, or "all N matching the list's filter"
 * (docs/decisions.md, "Bulk actions"). For the second, the gateway pages through the area's own list (the same
 * filter translation as the list query, pages as long as the upstream allows) and collects the matching items,
 * refusing with a Spanish BAD_USER_INPUT and nothing written when the count is not the one the operator confirmed
 * (`expectedCount`) or is over BULK_MAX_ITEMS. The items it read are the bulk's one read of the selection: each is
 * then checked and written on its own by runBulk (shared/bulk.ts), exactly as for ids.
 *
 * Checked before any upstream call: one of `ids` / `matching` (not both), `expectedCount` a whole number from 1 to
 * BULK_MAX_ITEMS, the filter (by the area's lister, which validates it before calling).
 */
import { countOf, formatCount } from '@backoffice/validators';
import { badUserInput } from '../errors.js';
import { bulkSettings, checkBulkIds } from './bulk.js';

/** The most rows one upstream list call answers (`limit` at most 1000, docs/upstream-contract.md "Lists"). */
export const UPSTREAM_MAX_LIMIT = 1000;

/** The schema's `matching` argument: the list's filter and the count the operator confirmed. */
export interface MatchingSelection<Filter> {
  filter?: Filter | null;
  expectedCount: number;
}

/** A bulk mutation's selection arguments, as GraphQL gives them. */
export interface BulkSelectionArgs<Filter> {
  ids?: readonly unknown[] | null;
  matching?: MatchingSelection<Filter> | null;
}

/** One page of the area's list for a filter, with the list's total (`size`). */
export interface ListedPage<Doc> {
  rows: readonly Doc[];
  size: number;
}

export interface BulkSelectionSpec<Filter, Doc> {
  /** The area's items: { one: 'pago', many: 'pagos' }. */
  noun: { one: string; many: string };
  /**
   * One page of the area's list for `filter` (the list query's own filter translation and default sort; an
   * invalid filter throws BAD_USER_INPUT before calling the upstream).
   */
  list(filter: Filter | null | undefined, page: number, limit: number): Promise<ListedPage<Doc>>;
  idOf(doc: Doc): string;
  /** Default: BULK_MAX_ITEMS. */
  maxItems?: number;
  /** Rows per list call (default: the upstream's maximum). */
  pageSize?: number;
}

/** The ids to act on, in order; `docs`: the items as read while collecting them (null for an ids selection). */
export interface ResolvedSelection<Doc> {
  ids: string[];
  docs: ReadonlyMap<string, Doc> | null;
}

const MATCHING = 'matching';
const EXPECTED = 'matching.expectedCount';

/** "La búsqueda ahora devuelve M pagos, no N: revísela y vuelva a confirmar." */
export function countChangedMessage(noun: { one: string; many: string }, found: number, expected: number) {
  return `La búsqueda ahora devuelve ${countOf(found, noun)}, no ${formatCount(expected)}: revísela y vuelva a confirmar.`;
}

/** "Se pueden procesar hasta 500 pagos por vez; refine la búsqueda." */
export function overMaxMessage(noun: { one: string; many: string }, maxItems: number) {
  return `Se pueden procesar hasta ${formatCount(maxItems)} ${noun.many} por vez; refine la búsqueda.`;
}

/** How many list calls collecting `count` items takes (at least one: the count itself is read). */
export const collectionCalls = (count: number, pageSize = UPSTREAM_MAX_LIMIT): number =>
  Math.max(1, Math.ceil(count / pageSize));

function checkExpectedCount(value: unknown, noun: { one: string; many: string }, maxItems: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw badUserInput(
      `La cantidad confirmada (${EXPECTED}) debe ser un número entero mayor o igual a 1.`,
      EXPECTED,
    );
  }
  if (value > maxItems) throw badUserInput(overMaxMessage(noun, maxItems), EXPECTED);
  return value;
}

/**
 * The ids of a bulk mutation: `ids` checked as always (checkBulkIds), or every item matching `matching.filter`,
 * collected page by page, when their number is exactly `matching.expectedCount` (at most `maxItems`).
 */
export async function resolveBulkSelection<Filter, Doc>(
  args: BulkSelectionArgs<Filter>,
  spec: BulkSelectionSpec<Filter, Doc>,
): Promise<ResolvedSelection<Doc>> {
  const maxItems = spec.maxItems ?? bulkSettings().maxItems;
  const { ids, matching } = args;
  if (ids != null && matching != null) {
    throw badUserInput(
      `Indique los ${spec.noun.many} (ids) o la búsqueda (${MATCHING}), no ambos.`,
      MATCHING,
    );
  }
  if (matching == null) {
    if (ids == null)
      throw badUserInput(`Indique los ${spec.noun.many} (ids) o la búsqueda (${MATCHING}).`, 'ids');
    return { ids: checkBulkIds(ids, spec.noun.many, maxItems), docs: null };
  }
  const expected = checkExpectedCount(matching.expectedCount, spec.noun, maxItems);
  const pageSize = Math.min(Math.max(spec.pageSize ?? UPSTREAM_MAX_LIMIT, 1), UPSTREAM_MAX_LIMIT);

  const first = await spec.list(matching.filter, 1, pageSize);
  const refuseCount = (found: number) => {
    if (found > maxItems) throw badUserInput(overMaxMessage(spec.noun, maxItems), EXPECTED);
    throw badUserInput(countChangedMessage(spec.noun, found, expected), EXPECTED);
  };
  if (first.size !== expected) refuseCount(first.size);

  const docs = new Map<string, Doc>();
  const add = (rows: readonly Doc[]) => {
    for (const doc of rows) {
      const id = spec.idOf(doc);
      if (!docs.has(id)) docs.set(id, doc);
    }
  };
  add(first.rows);
  const pages = collectionCalls(first.size, pageSize);
  for (let page = 2; page <= pages; page++) add((await spec.list(matching.filter, page, pageSize)).rows);
  // The list moved while it was paged (items added, removed or reordered): what was confirmed no longer holds.
  if (docs.size !== expected) refuseCount(docs.size);
  return { ids: [...docs.keys()], docs };
}

/**
 * runBulk's `readAll` for a resolved selection: the items already read while collecting a `matching` selection
 * (no second read), or `readIds` for ticked ids.
 */
export function selectionReader<Doc>(
  selection: ResolvedSelection<Doc>,
  readIds: (ids: readonly string[]) => Promise<ReadonlyMap<string, Doc>>,
): (ids: readonly string[]) => Promise<ReadonlyMap<string, Doc>> {
  const { docs } = selection;
  return docs ? async () => docs : readIds;
}
