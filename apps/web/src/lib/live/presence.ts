import { PRESENCE_MAX_ENTRIES, recordKey, type OpenRecord, type Viewer } from './protocol';

/** A tab that has not said what it has open for this long is gone (closed without its goodbye, frozen). */
export const TAB_SILENCE_MS = 25_000;

/**
 * What the operator's tabs have open, as the leader gathers it for `/live/presence`: each tab's list
 * replaces its previous one; a tab silent for TAB_SILENCE_MS (it repeats its list every 10 s) or gone drops out.
 * The union is one entry per record, its dialog any tab's (a dialog open anywhere is what other operators must
 * hear of), at most PRESENCE_MAX_ENTRIES (the most recently declared tabs first).
 */
export class PresenceGathering {
  private readonly tabs = new Map<string, { open: OpenRecord[]; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A tab's list; true when the union changed. */
  set(tab: string, open: readonly OpenRecord[]): boolean {
    const before = this.signature();
    this.tabs.delete(tab); // re-inserted last: the most recent tab's records come first in the union
    this.tabs.set(tab, { open: [...open], at: this.now() });
    return this.signature() !== before;
  }

  /** A tab said goodbye; true when the union changed. */
  drop(tab: string): boolean {
    const before = this.signature();
    this.tabs.delete(tab);
    return this.signature() !== before;
  }

  /** Forgets silent tabs; true when the union changed. */
  expire(): boolean {
    const before = this.signature();
    const limit = this.now() - TAB_SILENCE_MS;
    for (const [tab, { at }] of this.tabs) if (at < limit) this.tabs.delete(tab);
    return this.signature() !== before;
  }

  /** The records open in any tab, for `/live/presence`. */
  union(): OpenRecord[] {
    const open = [...this.tabs.values()].reverse().flatMap((tab) => tab.open);
    return openOfDeclarations(open).slice(0, PRESENCE_MAX_ENTRIES);
  }

  private signature(): string {
    return JSON.stringify(
      this.union()
        .map((e) => [e.area, e.id, e.dialog])
        .sort(),
    );
  }
}

/**
 * What one tab has open, from its screens' declarations (a detail declares its record, its dialog the same record
 * with the dialog's kind): one entry per record, a dialog if any declaration of it has one.
 */
export function openOfDeclarations(declarations: Iterable<OpenRecord>): OpenRecord[] {
  const byKey = new Map<string, OpenRecord>();
  for (const entry of declarations) {
    const key = recordKey(entry.area, entry.id);
    const known = byKey.get(key);
    if (!known) byKey.set(key, { ...entry });
    else if (!known.dialog && entry.dialog) known.dialog = entry.dialog;
  }
  return [...byKey.values()];
}

/** The viewers a detail shows: the others (the operator's own entries, from any of his tabs, left out). */
export function othersOf(viewers: readonly Viewer[] | undefined, username: string): Viewer[] {
  const others = new Map<string, Viewer>();
  for (const viewer of viewers ?? []) {
    if (viewer.username === username) continue;
    const known = others.get(viewer.username);
    if (!known || (!known.dialog && viewer.dialog)) others.set(viewer.username, viewer);
  }
  return [...others.values()];
}
