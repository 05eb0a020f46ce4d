import { useMemo, type ReactNode } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { describeError } from './errors';
import { PreferencesDocument } from './gql/graphql';
import { useNotify } from './notifications';
import { useHasAny } from './permissions';
import { savePreference, writeCachedPreference } from './preferences';
import { PreferencesContext, type PreferenceStore } from './use-preference';

/**
 * The signed-in operator's preferences from the gateway's store (issue 31): the one `preferences` query (read once
 * after sign-in by the data layer, then from Apollo's cache), each change shown at once and written with
 * `setPreference`. A user without PREFERENCE_UPDATE keeps a change for this session only; a refused write says so.
 */
export function GatewayPreferences({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const notify = useNotify();
  const canSave = useHasAny(['PREFERENCE_UPDATE']);
  const { data, error } = useQuery(PreferencesDocument, { fetchPolicy: 'cache-first' });
  const preferences = data?.preferences;
  // A failed read is known too: the lists then show their defaults rather than wait for ever.
  const loaded = preferences !== undefined || error !== undefined;
  const store = useMemo<PreferenceStore>(() => {
    const byKey = new Map((preferences ?? []).map((preference) => [preference.key, preference.value]));
    return {
      loaded,
      value: (key) => byKey.get(key),
      set(key, value) {
        if (!canSave) {
          writeCachedPreference(client.cache, key, value);
          return;
        }
        savePreference(client, key, value).catch((error: unknown) =>
          notify.error(`No se pudo guardar su preferencia. ${describeError(error)}`),
        );
      },
    };
  }, [preferences, loaded, client, canSave, notify]);
  return <PreferencesContext.Provider value={store}>{children}</PreferencesContext.Provider>;
}
