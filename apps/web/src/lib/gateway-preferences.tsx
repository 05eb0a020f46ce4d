import { useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { describeError } from './errors';
import { PreferencesDocument } from './gql/graphql';
import { useNotify } from './notifications';
import { CurrentUserContext, useHasAny } from './permissions';
import {
  keepPreferences,
  keptPreferences,
  keptPreferencesKey,
  mergeSavedPreference,
  savePreference,
  writeCachedPreference,
} from './preferences';
import { PreferencesContext, type PreferenceGroup, type PreferenceStore } from './use-preference';

/**
 * One group of the operator's preferences (a list's): its query, asked the first time a screen reads it and then
 * from Apollo's cache, and until it answers the copy this browser kept at the last answer or change (per operator,
 * localStorage). Nothing waits for it: a list renders its rows with the kept copy (or its defaults) and applies
 * the gateway's copy when it arrives.
 */
function useGatewayGroup(group: string): PreferenceGroup {
  const username = useContext(CurrentUserContext)?.username ?? '';
  const { data, error, refetch } = useQuery(PreferencesDocument, {
    variables: { prefix: group },
    fetchPolicy: 'cache-first',
  });
  const preferences = data?.preferences;
  const kept = useMemo(() => keptPreferences(username, group), [username, group]);
  // Another tab of the operator changed the group (its kept copy moved: a `storage` event here), or this tab comes
  // back to the front: the group is read again, so a view saved there shows here without a reload.
  useEffect(() => {
    const reread = () => void refetch().catch(() => undefined);
    const name = keptPreferencesKey(username, group);
    const onStorage = (event: StorageEvent) => {
      if (event.key === name) reread();
    };
    window.addEventListener('focus', reread);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('focus', reread);
      window.removeEventListener('storage', onStorage);
    };
  }, [refetch, username, group]);
  useEffect(() => {
    if (preferences && username) keepPreferences(username, group, preferences);
  }, [preferences, username, group]);
  return useMemo<PreferenceGroup>(() => {
    if (!preferences) return { loaded: error !== undefined, value: (key) => kept.get(key) };
    const byKey = new Map(preferences.map((preference) => [preference.key, preference.value]));
    return { loaded: true, value: (key) => byKey.get(key) };
  }, [preferences, error, kept]);
}

/**
 * The signed-in operator's preferences from the gateway's store, read one group at a time when a screen
 * first needs it (never all of them at sign-in), each change shown at once and written with
 * `setPreference`. A user without PREFERENCE_UPDATE keeps a change for this session only; a refused write says so.
 */
export function GatewayPreferences({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const notify = useNotify();
  const canSave = useHasAny(['PREFERENCE_UPDATE']);
  const store = useMemo<PreferenceStore>(() => {
    const failed = (error: unknown) =>
      notify.error(`No se pudo guardar su preferencia. ${describeError(error)}`);
    return {
      useGroup: useGatewayGroup,
      set(key, value) {
        if (!canSave) {
          writeCachedPreference(client.cache, key, value);
          return;
        }
        savePreference(client, key, value).catch(failed);
      },
      merge(key, next, changes) {
        if (!canSave) {
          writeCachedPreference(client.cache, key, Object.keys(next).length ? next : null);
          return;
        }
        mergeSavedPreference(client, key, next, changes).catch(failed);
      },
    };
  }, [client, canSave, notify]);
  return <PreferencesContext.Provider value={store}>{children}</PreferencesContext.Provider>;
}
