/**
 * DataGrid v8 describes the selection as `{ type: 'include' | 'exclude', ids: Set }`; an exclude model
 * ("everything but these") is what its select-all may produce. Screens only ever see a plain array of the
 * selected ids of the visible page.
 */

export type RowId = string | number;

export interface SelectionModelLike {
  type: 'include' | 'exclude';
  ids: ReadonlySet<RowId>;
}

/** The selected ids among the visible rows, in the rows' order. */
export function selectedVisibleIds(model: SelectionModelLike, visibleIds: readonly string[]): string[] {
  const has = (id: string) => model.ids.has(id);
  return model.type === 'include' ? visibleIds.filter(has) : visibleIds.filter((id) => !has(id));
}

/** An include model holding exactly these ids. */
export function includeModel(ids: readonly string[]): { type: 'include'; ids: Set<RowId> } {
  return { type: 'include', ids: new Set<RowId>(ids) };
}

/** Two id lists hold the same ids (order ignored). */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}
