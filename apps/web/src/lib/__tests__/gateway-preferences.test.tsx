import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Observable, of, throwError, type Subscriber } from 'rxjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCache } from '../apollo';
import { GatewayPreferences } from '../gateway-preferences';
import { NotificationsProvider } from '../notifications';
import type { Permission } from '../gql/graphql';
import { CurrentUserContext } from '../permissions';
import { keepPreferences, keptPreferences, keptPreferencesKey } from '../preferences';
import { usePreference } from '../use-preference';

/** What a list reads of its columns' preference: whether the store's copy is in, and the value. */
function ColumnsPreference() {
  const [value, , { loaded, merge }] = usePreference<unknown>('list.payments.columns', null);
  return (
    <>
      <p>{`${loaded ? 'leída' : 'copia'}: ${JSON.stringify(value)}`}</p>
      <button onClick={() => merge({ ...(value as object), status: false })}>Ocultar ESTADO</button>
    </>
  );
}

function renderWith(link: ApolloLink, permissions: Permission[] = []) {
  const user = { username: 'operador', name: null, email: null, permissions };
  render(
    <ApolloProvider client={new ApolloClient({ cache: createCache(), link })}>
      <CurrentUserContext.Provider value={user}>
        <NotificationsProvider>
          <GatewayPreferences>
            <ColumnsPreference />
          </GatewayPreferences>
        </NotificationsProvider>
      </CurrentUserContext.Provider>
    </ApolloProvider>,
  );
}

const preference = {
  __typename: 'Preference',
  key: 'list.payments.columns',
  value: { fee: false },
  updatedAt: '2026-11-24T10:00:00.000Z',
};

describe('GatewayPreferences', () => {
  beforeEach(() => window.localStorage.clear());

  it("asks for the list's group only, shows the browser's copy until the answer, then keeps the answer", async () => {
    keepPreferences('operador', 'list.payments.', [
      { key: 'list.payments.columns', value: { payer: false } },
    ]);
    const asked: unknown[] = [];
    let answer: Subscriber<unknown> | undefined;
    renderWith(
      new ApolloLink(
        (operation) =>
          new Observable((observer) => {
            asked.push(operation.variables);
            answer = observer;
          }),
      ),
    );
    screen.getByText('copia: {"payer":false}');
    expect(asked).toEqual([{ prefix: 'list.payments.' }]);
    act(() => {
      answer!.next({ data: { preferences: [preference] } });
      answer!.complete();
    });
    await screen.findByText('leída: {"fee":false}');
    expect(keptPreferences('operador', 'list.payments.').get('list.payments.columns')).toEqual({
      fee: false,
    });
  });

  it('reads the group again when another tab changed it or the window comes back; a change writes only its entries', async () => {
    // The gateway's copy, as the other tabs of the operator leave it.
    let stored: Record<string, unknown> = { fee: false };
    const reads: unknown[] = [];
    const merges: unknown[] = [];
    const answerOf = () => ({ ...preference, value: stored });
    renderWith(
      new ApolloLink((operation) => {
        if (operation.operationName === 'MergePreference') {
          const { entries } = operation.variables as { entries: Record<string, unknown> };
          merges.push(entries);
          stored = { ...stored, ...entries };
          return of({
            data: {
              mergePreference: {
                __typename: 'PreferencePayload',
                outcome: 'SUCCESS',
                message: 'Preferencia guardada.',
                error: null,
                preference: answerOf(),
              },
            },
          });
        }
        reads.push(operation.variables);
        return of({ data: { preferences: [answerOf()] } });
      }),
      ['PREFERENCE_UPDATE'],
    );
    await screen.findByText('leída: {"fee":false}');
    // Another tab hid PAGADOR: its kept copy changed, this tab hears of it and reads the group again.
    stored = { ...stored, payer: false };
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: keptPreferencesKey('operador', 'list.payments.') }),
      );
    });
    await screen.findByText('leída: {"fee":false,"payer":false}');
    // Another key of the browser's storage is not this group's.
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: keptPreferencesKey('operador', 'list.batches.') }),
      );
    });
    expect(reads).toHaveLength(2);
    // Back to the front: read again.
    stored = { ...stored, name: false };
    act(() => {
      window.dispatchEvent(new FocusEvent('focus'));
    });
    await screen.findByText('leída: {"fee":false,"payer":false,"name":false}');
    // Meanwhile another tab shows CREADA again; this one hides ESTADO: only its own entry is written, both stay.
    stored = { ...stored, createdDate: true };
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar ESTADO' }));
    await screen.findByText(
      'leída: {"fee":false,"payer":false,"name":false,"createdDate":true,"status":false}',
    );
    expect(merges).toEqual([{ status: false }]);
  });

  it('is known when the read fails (the kept copy, else every default), so nothing waits for ever', async () => {
    renderWith(new ApolloLink(() => throwError(() => new Error('Failed to fetch'))));
    await screen.findByText('leída: null');
  });
});
