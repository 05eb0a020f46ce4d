/**
 * What this tab is changing itself: the ids an action names, noted when the kit sends it (`useMutate`).
 * The list kit shows the action's outcome from its answer (`useListAfterAction`: a cancelled row leaves the filtered
 * page, the total drops, the failed rows stay selected), so the pushed change of those rows is not news to this tab,
 * whether it arrives before the answer or after. Without this, the list read its page again on its own change and
 * the next rows moved up under the operator's bulk dialog. Each id is taken once, within a minute; other tabs of the
 * operator, and other operators, still hear of the change.
 */
export const OWN_CHANGE_MS = 60_000;
/** At most this many ids remembered (the oldest go first): a bulk over a whole list stays bounded. */
export const OWN_CHANGES_MAX = 5_000;

const own = new Map<string, number>();

/** This tab's action changed these rows and the tab already shows the result. */
export function noteOwnChanges(ids: readonly string[], now = Date.now()): void {
  for (const id of ids) {
    own.delete(id);
    own.set(id, now + OWN_CHANGE_MS);
  }
  for (const oldest of own.keys()) {
    if (own.size <= OWN_CHANGES_MAX) break;
    own.delete(oldest);
  }
}

/** The ids of a pushed change that are news to this tab; this tab's own are taken (once each). */
export function newsAmong(ids: readonly string[], now = Date.now()): string[] {
  return ids.filter((id) => {
    const until = own.get(id);
    if (until === undefined) return true;
    own.delete(id);
    return until < now;
  });
}
