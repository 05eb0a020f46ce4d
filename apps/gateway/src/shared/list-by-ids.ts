/**
 * A bulk's selection in one upstream call: the area's list filtered by `id IN ids`, one page as long as the
 * selection (the upstream list convention's IN operation, docs/upstream-contract.md "Lists").
 */
import type { Filter, Paged, Sort } from '../upstream/filters.js';

export interface ListByIdsQuery {
  filters: Filter[];
  page: number;
  limit: number;
  sorts: Sort[];
}

/** The rows of `ids` through `list` (no call for an empty selection); `field` is the id's field ('id'). */
export async function listByIds<Row>(
  list: (query: ListByIdsQuery) => Promise<Paged<Row>>,
  ids: readonly string[],
  field = 'id',
): Promise<Row[]> {
  if (!ids.length) return [];
  const answer = await list({
    filters: [{ field, operation: 'IN', value: [...ids] }],
    page: 1,
    limit: ids.length,
    sorts: [],
  });
  return answer.rows;
}
