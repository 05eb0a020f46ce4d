import type { ApolloCache, ApolloClient } from '@apollo/client';
import { resolveOutcome, type OutcomePayloadLike } from './mutation-outcome';
import {
  MergePreferenceDocument,
  PreferencesDocument,
  SetPreferenceDocument,
  type PreferencesQuery,
} from './gql/graphql';
import { KEPT_PREFERENCES_PREFIX, LEGACY_PREFERENCES_PREFIX } from './operator-storage';
import { browserLocalStorage } from './web-storage';
import { preferenceGroup, type PreferenceEntries } from './use-preference';

/**
 * The operator's preferences live in the gateway's store (docs/decisions.md,
 * "Preferences"): read one group at a time (`preferences(prefix:)`, a list's when it opens) and kept in
 * Apollo's cache, one `setPreference` per change, or one `mergePreference` for a value made of entries (a list's
 * columns and views, the recent searches). Keys are English identifiers: `search.recent`,
 * `list.<area>.columns`, `list.<area>.views`.
 */
export const preferenceKeys = {
  recentSearches: 'search.recent',
  listColumns: (area: string) => `list.${area}.columns`,
  listViews: (area: string) => `list.${area}.views`,
} as const;

/**
 * Asks for one group of preferences (a list's: `listPreferenceGroup`) into Apollo's cache without waiting for it:
 * a route's preload sends it right after the list's own query (lib/preload), and the screen's `usePreference`
 * joins it. A failure is the screen's to notice (it then shows the kept copy or its defaults).
 */
export function preloadPreferences(client: ApolloClient, group: string): void {
  void client.query({ query: PreferencesDocument, variables: { prefix: group } }).catch(() => undefined);
}

/** The group of a list's preferences (its columns and views): `list.<area>.`. */
export const listPreferenceGroup = (area: string): string =>
  preferenceGroup(preferenceKeys.listColumns(area));

/** Where this browser kept a user's preference `name` before they moved to the gateway (localStorage). */
export const legacyPreferenceKey = (username: string, name: string): string =>
  `${LEGACY_PREFERENCES_PREFIX}${username}.${name}`;

/** Legacy names that became another key in the store. */
const LEGACY_NAMES: Readonly<Record<string, string>> = {
  'busquedas-recientes': preferenceKeys.recentSearches,
};

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

type CachedPreference = NonNullable<PreferencesQuery['preferences']>[number];

/** Shows `value` for `key` at once in its group's cached `preferences` (null removes it), before the gateway answers. */
export function writeCachedPreference(cache: ApolloCache, key: string, value: unknown): void {
  const updated: CachedPreference = {
    __typename: 'Preference',
    key,
    value,
    updatedAt: new Date().toISOString(),
  };
  const variables = { prefix: preferenceGroup(key) };
  const current = cache.readQuery({ query: PreferencesDocument, variables })?.preferences ?? [];
  const others = current.filter((preference) => preference.key !== key);
  cache.writeQuery({
    query: PreferencesDocument,
    variables,
    data: { preferences: value === null ? others : [...others, updated] },
  });
}

/**
 * Where this browser keeps its last copy of a group of an operator's preferences (localStorage): a list
 * opens with it while the gateway's copy is on its way. Not a `legacyPreferenceKey` (those are carried over and
 * removed at sign-in).
 */
export const keptPreferencesKey = (username: string, group: string): string =>
  `${KEPT_PREFERENCES_PREFIX}${username}.${group}`;

/** The last copy of `group` this browser kept for `username` (empty when none or unreadable). */
export function keptPreferences(
  username: string,
  group: string,
  storage: Storage | undefined = browserLocalStorage(),
): ReadonlyMap<string, unknown> {
  try {
    const raw = storage?.getItem(keptPreferencesKey(username, group));
    const kept: unknown = raw ? JSON.parse(raw) : null;
    return kept && typeof kept === 'object' && !Array.isArray(kept)
      ? new Map(Object.entries(kept))
      : new Map();
  } catch {
    return new Map();
  }
}

/** Keeps `preferences` (a group's, as the store or the operator left them) as this browser's last copy. */
export function keepPreferences(
  username: string,
  group: string,
  preferences: readonly { key: string; value: unknown }[],
  storage: Storage | undefined = browserLocalStorage(),
): void {
  try {
    const name = keptPreferencesKey(username, group);
    if (preferences.length === 0) storage?.removeItem(name);
    else storage?.setItem(name, JSON.stringify(Object.fromEntries(preferences.map((p) => [p.key, p.value]))));
  } catch {
    // A full or refused storage: the next visit waits for the gateway's copy, as a first one does.
  }
}

/** Writes one preference: the cache at once, then the gateway (rejects when it refuses or cannot be reached). */
export async function savePreference(client: ApolloClient, key: string, value: unknown): Promise<void> {
  writeCachedPreference(client.cache, key, value);
  const { data } = await client.mutate({ mutation: SetPreferenceDocument, variables: { key, value } });
  refusedWrite(data?.setPreference);
}

/**
 * A write the gateway refused (schema 2.0.0: a FAILED payload, e.g. INVALID_INPUT past the operator's bounds or
 * STORE_UNAVAILABLE, instead of an error of the response) rejects, as a refused write did before.
 */
function refusedWrite(payload: OutcomePayloadLike | null | undefined): void {
  const resolution = resolveOutcome(payload);
  if (resolution.kind !== 'success') throw new Error(resolution.feedback.message);
}

/**
 * Writes some entries of one preference: the cache shows `next` (the whole value as the screen left it)
 * at once, the gateway merges `changes` into what it holds, and its answer (with another tab's entries) replaces it.
 */
export async function mergeSavedPreference(
  client: ApolloClient,
  key: string,
  next: Readonly<Record<string, unknown>>,
  changes: PreferenceEntries,
): Promise<void> {
  writeCachedPreference(client.cache, key, Object.keys(next).length ? next : null);
  const { data } = await client.mutate({
    mutation: MergePreferenceDocument,
    variables: { key, entries: changes },
  });
  refusedWrite(data?.mergePreference);
  writeCachedPreference(client.cache, key, data?.mergePreference?.preference?.value ?? null);
}

/**
 * Carries over what this browser still holds in localStorage from before preferences lived in the gateway: a key
 * the store does not have yet is written to it; then the local copy is removed and the store is the truth. A value
 * that could not be written stays local, for the next sign-in. Asks the gateway nothing when there is nothing to
 * carry over (every sign-in after the first), and then only for the keys held.
 */
export async function carryOverPreferences(
  client: ApolloClient,
  username: string,
  storage: Storage | undefined = browserLocalStorage(),
): Promise<void> {
  if (!storage) return;
  for (const item of legacyPreferences(storage, username)) {
    try {
      const { data } = await client.query({
        query: PreferencesDocument,
        variables: { prefix: preferenceGroup(item.key) },
      });
      // Null: the store did not answer (refused or down); kept local for the next sign-in.
      if (!data?.preferences) continue;
      if (!data.preferences.some((preference) => preference.key === item.key)) {
        await savePreference(client, item.key, item.value);
      }
      storage.removeItem(item.storageKey);
    } catch {
      // Kept for the next sign-in.
    }
  }
}
