import { createContext, useCallback, useContext, useState } from 'react';

/** Where the signed-in operator's preferences are read and written (the app's is the gateway's store). */
export interface PreferenceStore {
  /** The stored value of `key`; undefined when the operator has none (or they are not read yet). */
  value(key: string): unknown;
  /** Sets `key` (null removes it): shown at once, saved in the background. */
  set(key: string, value: unknown): void;
  /** The operator's preferences have been read (or could not be: then every value is its default). */
  loaded: boolean;
}

/**
 * The preference store of the signed-in app (`GatewayPreferences`, lib/gateway-preferences.tsx: the gateway's
 * store through one cached query). Without one (a component test) each preference lives in its component's state.
 */
export const PreferencesContext = createContext<PreferenceStore | null>(null);

export interface PreferenceHandle {
  /** The operator's preferences have been read (a value shown before is the default). */
  loaded: boolean;
}

/**
 * A preference of the signed-in operator (recent searches, a list's columns and views), kept in the gateway's
 * store so it follows the operator to any browser (issue 31). `key` is one of `preferenceKeys` (lib/preferences).
 * The value is what the store holds: callers read it defensively (an older version of the app may have written
 * it). The one place screens learn where preferences live.
 */
export function usePreference<T>(key: string, initial: T): [T, (value: T | null) => void, PreferenceHandle] {
  const store = useContext(PreferencesContext);
  const [local, setLocal] = useState<T | null>(null);
  const stored = store ? store.value(key) : local;
  const value = stored === undefined || stored === null ? initial : (stored as T);
  const set = useCallback(
    (next: T | null) => (store ? store.set(key, next) : setLocal(next)),
    [store, key],
  );
  return [value, set, { loaded: store?.loaded ?? true }];
}
