import { use, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient, type ApolloOptions } from '../lib/apollo';
import type { MeData } from '../lib/me-request';
import { MeDocument } from './gql/graphql';

/**
 * The screens' data layer, loaded with the first screen instead of with the shell (app/data-layer.ts): Apollo
 * Client, with the `me` the shell already read written into its cache (screens read their permissions from it,
 * `cache-first`, as they did when the shell asked through Apollo).
 */
export function createDataClient(options: ApolloOptions, me: MeData): ApolloClient {
  const client = createApolloClient(options);
  client.writeQuery({ query: MeDocument, data: me });
  return client;
}

/** Apollo's context around the routed screens, once the client is ready (suspends until then). */
export function DataProvider({ client, children }: { client: Promise<ApolloClient>; children: ReactNode }) {
  return <ApolloProvider client={use(client)}>{children}</ApolloProvider>;
}
