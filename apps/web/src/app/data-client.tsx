import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { GatewayPreferences } from '../lib/gateway-preferences';
import { createApolloClient, type ApolloOptions } from '../lib/apollo';
import type { MeData } from '../lib/me-request';
import { PreferencesDocument } from '../lib/gql/graphql';
import { carryOverPreferences } from '../lib/preferences';
import { MeDocument } from './gql/graphql';

/**
 * The screens' data layer, loaded with the first screen instead of with the shell (app/data-layer.ts): Apollo
 * Client, with the `me` the shell already read written into its cache (screens read their permissions from it,
 * `cache-first`, as they did when the shell asked through Apollo), and the operator's preferences asked for at once.
 */
export function createDataClient(options: ApolloOptions, me: MeData): ApolloClient {
  const client = createApolloClient(options);
  client.writeQuery({ query: MeDocument, data: me });
  // The operator's preferences, read once after sign-in (cached for every screen); what this browser still holds
  // from before they lived in the gateway is carried over (docs/decisions.md, issue 31).
  if (me.me.permissions.includes('PREFERENCE_UPDATE')) {
    void carryOverPreferences(client, me.me.username).catch(() => undefined);
  } else {
    void client.query({ query: PreferencesDocument }).catch(() => undefined);
  }
  return client;
}

/**
 * Apollo's context around the routed screens, with the operator's preferences from the gateway (`usePreference`).
 */
export function DataProvider({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <GatewayPreferences>{children}</GatewayPreferences>
    </ApolloProvider>
  );
}
