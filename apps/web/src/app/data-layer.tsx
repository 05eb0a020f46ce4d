import { createContext, useContext, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { PageLoader } from '../components/feedback/page-loader';
import type { ApolloOptions } from '../lib/apollo';
import type { MeData } from '../lib/me-request';
import { followSettlement, loadOnce, useSettled } from '../lib/settled';

/**
 * The shell renders without Apollo Client (the menu needs only `me`, read by lib/me-request): the data
 * layer (`./data-client`, Apollo and its cache) starts loading as soon as the user is signed in, in parallel with
 * `me`, and the routed screens render inside it. The route loaders' preloads wait for the same client.
 */
export interface DataLayer {
  /** The client for this user, with `me` in its cache; the same promise every time. */
  client(me: MeData): Promise<ApolloClient>;
  /** `me` as the gateway answered it, written over the one the client started with when it says otherwise. */
  refine(me: MeData): void;
}

/** The data layer's module (Apollo Client and its cache); the same promise every time. */
export const loadDataClient = loadOnce(() => import('./data-client'));

export function startDataLayer(options: ApolloOptions): DataLayer {
  const module = loadDataClient();
  let client: Promise<ApolloClient> | undefined;
  return {
    client(me) {
      // Followed from the start: the first render inside DataBoundary finds it made, without a page loader.
      client ??= followSettlement(module.then((m) => m.createDataClient(options, me)));
      return client;
    },
    refine(me) {
      void Promise.all([module, client])
        .then(([m, started]) => started && m.refineMe(started, me))
        .catch(() => undefined); // no client: nothing to refine
    },
  };
}

/** The signed-in user's client, for the screens. */
export const DataClientContext = createContext<Promise<ApolloClient> | null>(null);

/**
 * Apollo's context for the routed screens; the page loader until the data layer is in (without suspending:
 * lib/settled.ts says why).
 */
export function DataBoundary({ children }: { children: ReactNode }) {
  const clientPromise = useContext(DataClientContext);
  if (!clientPromise) throw new Error('DataBoundary needs DataClientContext (app/app.tsx).');
  const client = useSettled(clientPromise);
  // The provider comes with the module that makes the client: in by the time the client is.
  const module = useSettled(loadDataClient());
  if (!client || !module) return <PageLoader />;
  return <module.DataProvider client={client}>{children}</module.DataProvider>;
}
