import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { GatewayPreferences } from '../lib/gateway-preferences';
import { createApolloClient, type ApolloOptions } from '../lib/apollo';
import { sameMe, type MeData } from '../lib/me-request';
import { carryOverPreferences } from '../lib/preferences';
import { MeDocument } from './gql/graphql';
import { DecidableBadge } from './shell/decidable-badge';
import type { MenuGroup } from './shell/menu';

/**
 * The screens' data layer, loaded with the first screen instead of with the shell (app/data-layer.ts): Apollo
 * Client, with the `me` the shell already read written into its cache (screens read their permissions from it,
 * `cache-first`, as they did when the shell asked through Apollo). The operator's preferences are not read here: each
 * screen asks for its own group when it first needs it (lib/gateway-preferences.tsx, issue 44).
 */
export function createDataClient(options: ApolloOptions, me: MeData): ApolloClient {
  const client = createApolloClient(options);
  made = client;
  client.writeQuery({ query: MeDocument, data: me });
  // What this browser still holds from before preferences lived in the gateway is carried over (docs/decisions.md,
  // issue 31); with nothing held, nothing is asked.
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
 * Apollo's context around the routed screens, with the operator's preferences from the gateway (`usePreference`).
 */
export function DataProvider({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      <GatewayPreferences>{children}</GatewayPreferences>
    </ApolloProvider>
  );
}

/**
 * The client `createDataClient` made last: the signed-in operator's. The data layer makes it as soon as this module is
 * in (app/data-layer.tsx asked for it before the shell rendered), so the side menu's badge finds it there.
 */
let made: ApolloClient | null = null;

/**
 * The side menu's group icon once the data layer is in (shell/side-menu.tsx: `lazy(loadDataClient)`, this module's
 * default export): 'Aprobaciones' wears the count of requests the operator may decide now (shell/decidable-badge.tsx).
 * From this chunk, not one of its own: the badge's imports in a chunk of their own split the shell's into more chunks
 * (0.6 KiB more, measured).
 */
export default function GroupBadge({ group }: { group: MenuGroup }) {
  const icon = <group.icon fontSize="small" />;
  return made && group.id === 'approvals' ? <DecidableBadge client={made}>{icon}</DecidableBadge> : icon;
}
