import { ApolloClient, ApolloLink } from '@apollo/client';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createCache } from '../apollo';
import { preferenceChanges } from '../use-preference';
import { PreferencesDocument } from '../gql/graphql';
import {
  carryOverPreferences,
  keepPreferences,
  keptPreferences,
  keptPreferencesKey,
  legacyPreferenceKey,
  legacyPreferences,
  preferenceKeys,
} from '../preferences';

/** A Storage over a Map (localStorage of one browser). */
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    clear: () => map.clear(),
  };
}

/** The gateway's preferences of one operator, and the operations it received. */
function fakeGateway(initial: Record<string, unknown>, { refuseWrites = false } = {}) {
  const stored = new Map(Object.entries(initial));
  const operations: string[] = [];
  const preference = (key: string, value: unknown) => ({
    __typename: 'Preference',
    key,
    value,
    updatedAt: '2026-11-24T10:00:00.000Z',
  });
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const { key, value, prefix } = operation.variables as {
          key?: string;
          value?: unknown;
          prefix?: string;
        };
        operations.push(operation.operationName === 'SetPreference' ? `SetPreference ${key}` : 'Preferences');
        if (operation.operationName === 'SetPreference') {
          // Schema 2.0.0: a refused write is a FAILED payload, not an error of the response.
          if (refuseWrites) {
            observer.next({
              data: {
                setPreference: {
                  __typename: 'PreferencePayload',
                  outcome: 'FAILED',
                  message: null,
                  error: {
                    __typename: 'OperationError',
                    message: 'No se pudo guardar.',
                    code: 'STORE_UNAVAILABLE',
                    extendedCode: null,
                    field: null,
                  },
                  preference: null,
                },
              },
            });
          } else {
            stored.set(key!, value);
            observer.next({
              data: {
                setPreference: {
                  __typename: 'PreferencePayload',
                  outcome: 'SUCCESS',
                  message: 'Preferencia guardada.',
                  error: null,
                  preference: preference(key!, value),
                },
              },
            });
          }
        } else {
          const held = [...stored].filter(([k]) => !prefix || k.startsWith(prefix));
          observer.next({ data: { preferences: held.map(([k, v]) => preference(k, v)) } });
        }
        observer.complete();
      }),
  );
  return { client: new ApolloClient({ cache: createCache(), link }), stored, operations };
}

describe('legacyPreferences', () => {
  it("reads only this user's keys, renaming the recent searches and skipping damaged values", () => {
    const storage = memoryStorage({
      [legacyPreferenceKey('operador', 'busquedas-recientes')]: '["1000001"]',
      [legacyPreferenceKey('operador', 'otra')]: '{roto',
      [legacyPreferenceKey('admin', 'busquedas-recientes')]: '["x"]',
      'shell.menu.collapsed': 'true',
    });
    expect(legacyPreferences(storage, 'operador')).toEqual([
      {
        storageKey: 'preferencias.operador.busquedas-recientes',
        key: preferenceKeys.recentSearches,
        value: ['1000001'],
      },
    ]);
  });
});

describe('carryOverPreferences', () => {
  it('writes what the store lacks, keeps what it has, and removes the local copies', async () => {
    const gateway = fakeGateway({ [preferenceKeys.listColumns('payments')]: { payer: false } });
    const storage = memoryStorage({
      [legacyPreferenceKey('operador', 'busquedas-recientes')]: '["1000001"]',
      [legacyPreferenceKey('operador', preferenceKeys.listColumns('payments'))]: '{"payer":true}',
    });
    await carryOverPreferences(gateway.client, 'operador', storage);
    // Each key held is looked up in its own group only (search., list.payments.).
    expect(gateway.operations).toEqual([
      'Preferences',
      `SetPreference ${preferenceKeys.recentSearches}`,
      'Preferences',
    ]);
    expect(Object.fromEntries(gateway.stored)).toEqual({
      [preferenceKeys.listColumns('payments')]: { payer: false },
      [preferenceKeys.recentSearches]: ['1000001'],
    });
    expect(storage.length).toBe(0);
    // The cached answer of the group (what the search dialog reads) shows the carried value.
    const cached = gateway.client.cache.readQuery({
      query: PreferencesDocument,
      variables: { prefix: 'search.' },
    })?.preferences;
    expect(cached?.map((p) => p.key)).toEqual([preferenceKeys.recentSearches]);
    // A second sign-in carries nothing and asks the gateway nothing.
    await carryOverPreferences(gateway.client, 'operador', storage);
    expect(gateway.operations).toHaveLength(3);
  });

  it('keeps the local copy when the store refuses it, for the next sign-in', async () => {
    const gateway = fakeGateway({}, { refuseWrites: true });
    const storage = memoryStorage({ [legacyPreferenceKey('operador', 'busquedas-recientes')]: '["a"]' });
    await carryOverPreferences(gateway.client, 'operador', storage);
    expect(storage.getItem('preferencias.operador.busquedas-recientes')).toBe('["a"]');
  });
});

describe('the last copy kept in the browser', () => {
  it("is one operator's and one group's, and a damaged one reads as none", () => {
    const storage = memoryStorage();
    keepPreferences(
      'operador',
      'list.payments.',
      [{ key: 'list.payments.columns', value: { fee: false } }],
      storage,
    );
    expect(keptPreferences('operador', 'list.payments.', storage).get('list.payments.columns')).toEqual({
      fee: false,
    });
    expect(keptPreferences('admin', 'list.payments.', storage).size).toBe(0);
    expect(keptPreferences('operador', 'list.transfers.', storage).size).toBe(0);
    // Not taken for a legacy preference: sign-in carries over and removes those.
    expect(legacyPreferences(storage, 'operador')).toEqual([]);
    keepPreferences('operador', 'list.payments.', [], storage);
    expect(storage.length).toBe(0);
    storage.setItem(keptPreferencesKey('operador', 'list.payments.'), '{roto');
    expect(keptPreferences('operador', 'list.payments.', storage).size).toBe(0);
  });
});

describe('preferenceChanges', () => {
  it('names only the entries added, changed or gone; a value of another shape is written whole', () => {
    const stored = { a: false, b: { name: 'Uno', at: 1 }, c: true };
    expect(preferenceChanges(stored, { a: false, b: { name: 'Dos', at: 1 }, d: true })).toEqual({
      b: { name: 'Dos', at: 1 },
      d: true,
      c: null,
    });
    expect(preferenceChanges(stored, stored)).toEqual({});
    expect(preferenceChanges(['1000001'], { a: false })).toEqual({ a: false });
    expect(preferenceChanges(undefined, {})).toEqual({});
  });
});
