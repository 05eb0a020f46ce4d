import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen } from '@testing-library/react';
import { of, throwError } from 'rxjs';
import { describe, it } from 'vitest';
import { createCache } from '../apollo';
import { GatewayPreferences } from '../gateway-preferences';
import { NotificationsProvider } from '../notifications';
import { CurrentUserContext } from '../permissions';
import { usePreference } from '../use-preference';

/** What a list reads of its columns' preference: whether it is known, and the value. */
function ColumnsPreference() {
  const [value, , { loaded }] = usePreference<unknown>('list.payments.columns', null);
  return <p>{loaded ? `leída: ${JSON.stringify(value)}` : 'leyendo'}</p>;
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

describe('GatewayPreferences', () => {
  it("is read once the gateway answers the operator's preferences", async () => {
    const preference = {
      __typename: 'Preference',
      key: 'list.payments.columns',
      value: { fee: false },
      updatedAt: '2026-11-24T10:00:00.000Z',
    };
    renderWith(new ApolloLink(() => of({ data: { preferences: [preference] } })));
    screen.getByText('leyendo');
    await screen.findByText('leída: {"fee":false}');
  });

  it('is known (every value its default) when the read fails, so no list waits for ever', async () => {
    renderWith(new ApolloLink(() => throwError(() => new Error('Failed to fetch'))));
    await screen.findByText('leída: null');
  });
});
