import type { ApolloCache, ApolloClient } from '@apollo/client';
import { PreferencesDocument, SetPreferenceDocument, type PreferencesQuery } from './gql/graphql';

/**
 * The operator's preferences live in the gateway's store (issue 31; docs/decisions.md "Preferences follow the
 * operator"): one `preferences` query read once after sign-in and kept in Apollo's cache, one `setPreference`
 * per change. Keys are English identifiers: `search.recent`, `list.<area>.columns`, `list.<area>.views`.
 */
export const preferenceKeys = {
  recentSearches: 'search.recent',
  listColumns: (area: string) => `list.${area}.columns`,
  listViews: (area: string) => `list.${area}.views`,
} as const;

/** Where this browser kept a user's preference `name` before they moved to the gateway (localStorage). */
export const legacyPreferenceKey = (username: string, name: string): string => `preferencias.${username}.${name}`;

/** Legacy names that became another key in the store. */
const LEGACY_NAMES: Readonly<Record<string, string>> = { 'busquedas-recientes': preferenceKeys.recentSearches };

export interface LegacyPreference {
  /** The localStorage key it was read from. */
  storageKey: string;
  /** Its key in the store. */
  key: string;
  value: unknown;
}

/** The preferences this browser holds for `username` in localStorage (unreadable ones are skipped). */
export function legacyPreferences(storage: Storage, username: string): LegacyPreference[] {
  const prefix = legacyPreferenceKey(username, '');
  const found: LegacyPreference[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const storageKey = storage.key(index);
    if (!storageKey?.startsWith(prefix)) continue;
    const name = storageKey.slice(prefix.length);
    const raw = storage.getItem(storageKey);
    if (!name || raw === null) continue;
    try {
      found.push({ storageKey, key: LEGACY_NAMES[name] ?? name, value: JSON.parse(raw) as unknown });
    } catch {
      // A damaged value is not carried over.
    }
  }
  return found;
}

type CachedPreference = PreferencesQuery['preferences'][number];

/** Shows `value` for `key` at once in the cached `preferences` (null removes it), before the gateway answers. */
export function writeCachedPreference(cache: ApolloCache, key: string, value: unknown): void {
  const updated: CachedPreference = {
    __typename: 'Preference',
    key,
    value,
    updatedAt: new Date().toISOString(),
  };
  const current = cache.readQuery({ query: PreferencesDocument })?.preferences ?? [];
  const others = current.filter((preference) => preference.key !== key);
  cache.writeQuery({
    query: PreferencesDocument,
    data: { preferences: value === null ? others : [...others, updated] },
  });
}

/** Writes one preference: the cache at once, then the gateway (rejects when it refuses or cannot be reached). */
export async function savePreference(client: ApolloClient, key: string, value: unknown): Promise<void> {
  writeCachedPreference(client.cache, key, value);
  await client.mutate({ mutation: SetPreferenceDocument, variables: { key, value } });
}

/**
 * Reads the operator's preferences once after sign-in and carries over what this browser still holds in
 * localStorage: a key the store does not have yet is written to it; then the local copy is removed and the
 * store is the truth. A value that could not be written stays local, for the next sign-in.
 */
export async function carryOverPreferences(
  client: ApolloClient,
  username: string,
  storage: Storage | undefined = typeof window === 'undefined' ? undefined : window.localStorage,
): Promise<void> {
  const { data } = await client.query({ query: PreferencesDocument, fetchPolicy: 'network-only' });
  if (!data || !storage) return;
  const held = new Set(data.preferences.map((preference) => preference.key));
  for (const item of legacyPreferences(storage, username)) {
    try {
      if (!held.has(item.key)) await savePreference(client, item.key, item.value);
      storage.removeItem(item.storageKey);
    } catch {
      // Kept for the next sign-in.
    }
  }
}
