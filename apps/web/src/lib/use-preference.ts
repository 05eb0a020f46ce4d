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
}

const NO_GROUP: PreferenceGroup = { value: () => undefined, loaded: true };
const NO_STORE: Pick<PreferenceStore, 'useGroup'> = { useGroup: () => NO_GROUP };

/**
 * A preference of the signed-in operator (recent searches, a list's columns and views), kept in the gateway's
 * store so it follows the operator to any browser (issue 31). `key` is one of `preferenceKeys` (lib/preferences).
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
  return [value, set, { loaded: group.loaded }];
}
