import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, render, screen } from '@testing-library/react';
import { Observable, throwError, type Subscriber } from 'rxjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCache } from '../apollo';
import { GatewayPreferences } from '../gateway-preferences';
import { NotificationsProvider } from '../notifications';
import { CurrentUserContext } from '../permissions';
import { keepPreferences, keptPreferences } from '../preferences';
import { usePreference } from '../use-preference';

/** What a list reads of its columns' preference: whether the store's copy is in, and the value. */
function ColumnsPreference() {
  const [value, , { loaded }] = usePreference<unknown>('list.payments.columns', null);
  return <p>{`${loaded ? 'leída' : 'copia'}: ${JSON.stringify(value)}`}</p>;
}

function renderWith(link: ApolloLink) {
  const user = { username: 'operador', name: null, email: null, permissions: [] };
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
    keepPreferences('operador', 'list.payments.', [{ key: 'list.payments.columns', value: { payer: false } }]);
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
    expect(keptPreferences('operador', 'list.payments.').get('list.payments.columns')).toEqual({ fee: false });
  });

  it('is known when the read fails (the kept copy, else every default), so nothing waits for ever', async () => {
    renderWith(new ApolloLink(() => throwError(() => new Error('Failed to fetch'))));
    await screen.findByText('leída: null');
  });
});
