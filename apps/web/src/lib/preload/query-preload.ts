import type {
  ApolloClient,
  OperationVariables,
  TypedDocumentNode,
  WatchQueryFetchPolicy,
} from '@apollo/client';

/**
 * A screen's first query started on navigation, while the screen's chunk still downloads: the route's
 * `preload` (app/routes.ts) sends the same document with the same variables the screen will use into Apollo's
 * cache, and the screen, once loaded, reads that answer (or joins the request still in flight: Apollo
 * deduplicates identical operations) instead of sending a second one.
 *
 * The hand-over is explicit: `preloadQuery` records which operation it started, and the screen's
 * `usePreloadedFetchPolicy` turns its first fetch into `cache-first` only for that operation, only for a short
 * while after the navigation; every later fetch (other filters, another page) uses the screen's own policy.
 */

/** How long a navigation's preload counts as the screen's first answer. */
export const PRELOAD_FRESH_MS = 10_000;

/** JSON with object keys sorted, so two equal variable objects give the same text whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

function operationKey(query: TypedDocumentNode<unknown, never>, variables: unknown): string {
  const name = query.definitions
    .map((definition) => (definition.kind === 'OperationDefinition' ? definition.name?.value : undefined))
    .find(Boolean);
  return `${name ?? '?'} ${canonicalJson(variables ?? {})}`;
}

/** Preloads started per client: operation key → when. */
const started = new WeakMap<ApolloClient, Map<string, number>>();

/** Whether a mounted screen already asks for this operation (its query subscribed). */
function alreadyAsked(client: ApolloClient, key: string): boolean {
  for (const observable of client.getObservableQueries('active')) {
    if (operationKey(observable.query as TypedDocumentNode<unknown, never>, observable.variables) === key)
      return true;
  }
  return false;
}

/**
 * Sends `query` with `variables` into the client's cache (always to the network: the navigation asks for fresh
 * rows, as the screen's `cache-and-network` would) and records it for the screen. Failures are left to the
 * screen: it then sends its own request and shows its own error.
 *
 * A preload that comes after its screen (its module slower than the screen's, on a loaded machine) finds the screen
 * asking already and does nothing: a second request would be waste, and a record no screen takes over would hand
 * the next visit to the same list within PRELOAD_FRESH_MS the cached rows with no request at all.
 */
export function preloadQuery<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  query: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  now: number = Date.now(),
): Promise<void> {
  const key = operationKey(query as TypedDocumentNode<unknown, never>, variables);
  if (alreadyAsked(client, key)) return Promise.resolve();
  let perClient = started.get(client);
  if (!perClient) started.set(client, (perClient = new Map()));
  perClient.set(key, now);
  return client
    .query({ query, variables, fetchPolicy: 'network-only' })
    .then(() => undefined)
    .catch(() => {
      perClient.delete(key);
    });
}

/** Whether a navigation preloaded this operation in the last PRELOAD_FRESH_MS. */
export function wasPreloaded(
  client: ApolloClient,
  query: TypedDocumentNode<unknown, never>,
  variables: unknown,
  now: number = Date.now(),
): boolean {
  const at = started.get(client)?.get(operationKey(query, variables));
  return at !== undefined && now - at >= 0 && now - at <= PRELOAD_FRESH_MS;
}

/** Forgets a preload once a screen took it over (the next visit starts from a new navigation). */
export function forgetPreload(
  client: ApolloClient,
  query: TypedDocumentNode<unknown, never>,
  variables: unknown,
): void {
  started.get(client)?.delete(operationKey(query, variables));
}

export interface PreloadedPolicy {
  fetchPolicy: WatchQueryFetchPolicy;
  /** After the first fetch (and on every change of variables) the screen's own policy again. */
  nextFetchPolicy?: () => WatchQueryFetchPolicy;
}

/**
 * The fetch policies of a screen's first query: `cache-first` when the navigation preloaded exactly this
 * operation (its answer is in the cache, or in flight and joined), then `policy` for everything after it.
 * Without a preload: `policy` from the start, as before.
 */
export function preloadedPolicy(
  client: ApolloClient,
  query: TypedDocumentNode<unknown, never>,
  variables: unknown,
  policy: WatchQueryFetchPolicy,
  now: number = Date.now(),
): PreloadedPolicy {
  if (!wasPreloaded(client, query, variables, now)) return { fetchPolicy: policy };
  return { fetchPolicy: 'cache-first', nextFetchPolicy: () => policy };
}

/**
 * What a record's preload reads of a route's preload context (`RoutePreloadContext`, list-preload.ts, which imports
 * this module: named here, not imported, so the two do not import each other).
 */
interface RecordPreloadContext {
  client: ApolloClient;
  params: Readonly<Record<string, string | undefined>>;
  permissions: readonly string[];
  now: Date;
}

/**
 * The preload of a record's screen (a route with `:id`, as /pago/:id): the query of its current version for the record
 * the address names, sent on navigation while the screen's chunk still downloads; the screen takes its answer over
 * (`usePreloadedPolicy`, components/detail/versioned-record.ts) instead of asking again. Without it the query left
 * only once the screen's chunk was in and rendered, about 180 ms after the click on a 2-core machine (bench
 * `interactions`). `variables` is the very function the screen uses, from the id and the user's permissions.
 */
export function recordPreload<TData, TVariables extends OperationVariables>(
  document: TypedDocumentNode<TData, TVariables>,
  variables: (id: string, permissions: readonly string[]) => TVariables,
): (context: RecordPreloadContext) => Promise<void> | undefined {
  return ({ client, params, permissions, now }) => {
    const id = params.id;
    if (!id) return undefined;
    return preloadQuery(client, document, variables(id, permissions), now.getTime());
  };
}
