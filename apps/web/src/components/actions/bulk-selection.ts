import type { MatchingSelection } from '../dialogs/use-bulk-flow';

/**
 * What a bulk mutation acts on: the ticked ids, or every item matching the list's filter with the count the
 * operator confirmed (the gateway refuses it, with zero writes, when the search now counts otherwise).
 */
export type BulkSelection<Filter extends object> =
  { ids: string[] } | { matching: { filter: Filter | Record<string, never>; expectedCount: number } };

/** The selection of a bulk run: `matching` (every item of the search) wins over the ids. */
export function bulkSelectionOf<Filter extends object>(
  ids: string[],
  filter: Filter | null | undefined,
  matching?: MatchingSelection,
): BulkSelection<Filter> {
  return matching ? { matching: { filter: filter ?? {}, expectedCount: matching.count } } : { ids };
}

/** An area's bulk run, as the flow dialogs call it (`runBulk`): one result per item. */
export type BulkRunner<Kind extends string, Value, Result> = (
  kind: Kind,
  ids: string[],
  value: Value,
  matching?: MatchingSelection,
) => Promise<Result[]>;
