import { useEffect, useState } from 'react';
import type { OperationVariables, TypedDocumentNode, WatchQueryFetchPolicy } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { forgetPreload, preloadedPolicy, type PreloadedPolicy } from './query-preload';

/**
 * The fetch policies of a screen's first query when its route may have preloaded it (lib/preload): spread them
 * into `useQuery`'s options. Decided once, on mount: `cache-first` if the navigation started exactly this
 * operation (no second request), `policy` otherwise and for every fetch after the first.
 */
export function usePreloadedPolicy<TVariables extends OperationVariables>(
  query: TypedDocumentNode<unknown, TVariables>,
  variables: TVariables,
  policy: WatchQueryFetchPolicy = 'cache-and-network',
): PreloadedPolicy {
  const client = useApolloClient();
  const document = query as TypedDocumentNode<unknown, never>;
  const [choice] = useState(() => preloadedPolicy(client, document, variables, policy));
  const [first] = useState(() => ({ client, document, variables }));
  // Taken over: a later mount (another visit without a navigation) fetches as usual.
  useEffect(() => forgetPreload(first.client, first.document, first.variables), [first]);
  return choice;
}
