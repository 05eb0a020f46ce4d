import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { GatewayPreferences } from '../lib/gateway-preferences';
import { createApolloClient, type ApolloOptions } from '../lib/apollo';
import { sameMe, type MeData } from '../lib/me-request';
import { carryOverPreferences } from '../lib/preferences';
import { MeDocument } from './gql/graphql';
import { DecidableBadge } from './shell/decidable-badge';

/**
 * The screens' data layer, loaded with the first screen instead of with the shell (app/data-layer.ts): Apollo
 * Client, with the `me` the shell already read written into its cache (screens read their permissions from it,
 * `cache-first`, as they did when the shell asked through Apollo). The operator's preferences are not read here: each
 * screen asks for its own group when it first needs it (lib/gateway-preferences.tsx).
 */
export function createDataClient(options: ApolloOptions, me: MeData): ApolloClient {
  const client = createApolloClient(options);
  client.writeQuery({ query: MeDocument, data: me });
  // What this browser still holds from before preferences lived in the gateway is carried over (docs/decisions.md,
  // "Preferences"); with nothing held, nothing is asked.
  if (me.me.permissions.includes('PREFERENCE_UPDATE')) {
    void carryOverPreferences(client, me.me.username).catch(() => undefined);
  }
  return client;
}

/** Writes the gateway's `me` into the cache when it differs from the one there (the token's claims'). */
export function refineMe(client: ApolloClient, me: MeData): void {
  const held = client.readQuery<MeData>({ query: MeDocument });
  if (!held || !sameMe(held, me)) client.writeQuery({ query: MeDocument, data: me });
}

/**
 * Apollo's context around the routed screens, with the operator's preferences from the gateway (`usePreference`),
 * and the side menu's 'Aprobaciones' badge (shell/decidable-badge.tsx), which comes with this chunk.
 */
export function DataProvider({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <GatewayPreferences>{children}</GatewayPreferences>
      <DecidableBadge />
    </ApolloProvider>
  );
}
