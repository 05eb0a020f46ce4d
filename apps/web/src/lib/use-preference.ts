import { createContext, useCallback, useContext, useState } from 'react';

/** What a screen reads of one group of the operator's preferences (`preferenceGroup`). */
export interface PreferenceGroup {
  /** The value of `key`: the store's, or until it answers the last copy this browser kept; undefined: none. */
  value(key: string): unknown;
  /** The store's own copy is in (or could not be read: then the kept copy, or every default, stays). */
  loaded: boolean;
}

/** Where the signed-in operator's preferences are read and written (the app's is the gateway's store). */
export interface PreferenceStore {
  /**
   * A hook: the preferences of `group` (a list's, `list.payments.`), asked of the store the first time a screen
   * reads one of them. Never waits: until the store answers, the values are the last copy kept (or none).
   */
  useGroup(group: string): PreferenceGroup;
  /** Sets `key` (null removes it): shown at once, saved in the background. */
  set(key: string, value: unknown): void;
  /**
   * Changes some entries of `key`, a value made of entries (entry → its value, null removing it): `next` is the
   * whole value as this screen leaves it, shown at once; only `changes` are written, so another tab's changes to
   * other entries stay.
   */
  merge(key: string, next: Readonly<Record<string, unknown>>, changes: PreferenceEntries): void;
}

/** Changes to a preference made of entries: entry → its new value, null removing it. */
export type PreferenceEntries = Readonly<Record<string, unknown>>;

const isEntries = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What turns the stored value into `next`, entry by entry: the entries added or changed, and null for those gone. A
 * stored value of another shape (an older app's list) is replaced whole: every entry of `next` is written.
 */
export function preferenceChanges(
  stored: unknown,
  next: Readonly<Record<string, unknown>>,
): PreferenceEntries {
  const before = isEntries(stored) ? stored : {};
  const changes: Record<string, unknown> = {};
  for (const [entry, value] of Object.entries(next)) {
    if (!isEntries(stored) || JSON.stringify(before[entry]) !== JSON.stringify(value)) changes[entry] = value;
  }
  for (const entry of Object.keys(before)) if (!(entry in next)) changes[entry] = null;
  return changes;
}

/**
 * The preference store of the signed-in app (`GatewayPreferences`, lib/gateway-preferences.tsx: the gateway's
 * store through one cached query per group). Without one (a component test) each preference lives in its
 * component's state.
 */
export const PreferencesContext = createContext<PreferenceStore | null>(null);

/**
 * The group a key is read with: everything up to its last dot (`list.payments.columns` → `list.payments.`), so a
 * list's columns and views come in one answer, and nothing of the other lists.
 */
export function preferenceGroup(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot < 0 ? key : key.slice(0, dot + 1);
}

export interface PreferenceHandle {
  /** The store's copy is in (a value shown before was the browser's last copy, or the default). */
  loaded: boolean;
  /**
   * Leaves a value made of entries as `next` by writing only the entries that changed (`preferenceChanges`), so a
   * change made meanwhile in another tab to another entry is kept. Nothing is sent when none changed.
   */
  merge(next: Readonly<Record<string, unknown>>): void;
}

const NO_GROUP: PreferenceGroup = { value: () => undefined, loaded: true };
const NO_STORE: Pick<PreferenceStore, 'useGroup'> = { useGroup: () => NO_GROUP };

/**
 * A preference of the signed-in operator (recent searches, a list's columns and views), kept in the gateway's
 * store so it follows the operator to any browser. `key` is one of `preferenceKeys` (lib/preferences).
 * The value is what the store holds: callers read it defensively (an older version of the app may have written
 * it), and may see it change once (the browser's last copy, then the store's). The one place screens learn where
 * preferences live.
 */
export function usePreference<T>(key: string, initial: T): [T, (value: T | null) => void, PreferenceHandle] {
  const store = useContext(PreferencesContext);
  const group = (store ?? NO_STORE).useGroup(preferenceGroup(key));
  const [local, setLocal] = useState<T | null>(null);
  const stored = store ? group.value(key) : local;
  const value = stored === undefined || stored === null ? initial : (stored as T);
  const set = useCallback((next: T | null) => (store ? store.set(key, next) : setLocal(next)), [store, key]);
  const merge = (next: Readonly<Record<string, unknown>>) => {
    const changes = preferenceChanges(stored, next);
    if (Object.keys(changes).length === 0) return;
    if (store) store.merge(key, next, changes);
    else setLocal(Object.keys(next).length ? (next as T) : null);
  };
  return [value, set, { loaded: group.loaded, merge }];
}
