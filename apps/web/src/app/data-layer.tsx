import { createContext, lazy, useContext, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import type { ApolloOptions } from '../lib/apollo';
import type { MeData } from '../lib/me-request';

/**
 * The shell renders without Apollo Client (issue 16: the menu needs only `me`, read by lib/me-request): the data
 * layer (`./data-client`, Apollo and its cache) starts loading as soon as the user is signed in, in parallel with
 * `me`, and the routed screens render inside it. The route loaders' preloads wait for the same client.
 */
export interface DataLayer {
  /** The client for this user, with `me` in its cache; the same promise every time. */
  client(me: MeData): Promise<ApolloClient>;
}

const loadDataClient = () => import('./data-client');

export function startDataLayer(options: ApolloOptions): DataLayer {
  const module = loadDataClient();
  let client: Promise<ApolloClient> | undefined;
  return {
    client(me) {
      client ??= module.then((m) => m.createDataClient(options, me));
      return client;
    },
  };
}

/** The signed-in user's client, for the screens. */
export const DataClientContext = createContext<Promise<ApolloClient> | null>(null);

const LazyDataProvider = lazy(() => loadDataClient().then((m) => ({ default: m.DataProvider })));

/** Apollo's context for the routed screens; suspends (the shell's page loader) until the data layer is in. */
export function DataBoundary({ children }: { children: ReactNode }) {
  const client = useContext(DataClientContext);
  if (!client) throw new Error('DataBoundary needs DataClientContext (app/app.tsx).');
  return <LazyDataProvider client={client}>{children}</LazyDataProvider>;
}
