import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import {
  hasEntryParams,
  hasListParams,
  parseListParams,
  serializeListState,
  listSessionCache,
  type ListDefinition,
  type ListState,
} from '../list/list-definition';
import type { ListQuery } from '../list/list-query';
import { sendEarlyRequest, type EarlyRequest, type EarlyRequestOptions } from './early-request';
import { preloadQuery } from './query-preload';

/** What a route's preload gets on navigation (app/router.tsx). */
export interface RoutePreloadContext {
  client: ApolloClient;
  /** The address being opened (path and query). */
  url: URL;
  /** The route's parameters in that address (`:id`). */
  params: Readonly<Record<string, string | undefined>>;
  /** The signed-in user's permissions (the route's rule already passed). */
  permissions: readonly string[];
  now: Date;
}

/** What a route's early request gets (app/first-request.ts): the address, the user, how to reach the gateway. */
export interface EarlyPreloadContext {
  url: URL;
  /** The signed-in user's permissions, from the token's claims (the route's rule already passed). */
  permissions: readonly string[];
  now: Date;
  gateway: EarlyRequestOptions;
}

/**
 * A route's preload: fires the screen's first query into Apollo's cache and returns at once (never throws); what it
 * returns settles once that query has answered or failed (app/app.tsx waits for it before the first render).
 * `early`, when the route has it, sends that same request with `fetch` before Apollo has loaded (lib/preload/
 * early-request.ts) and says whether it did; the preload then takes its answer instead of asking the gateway again.
 */
export type RoutePreload = ((context: RoutePreloadContext) => Promise<void> | void) & {
  early?: (context: EarlyPreloadContext) => boolean;
};

/**
 * The list a screen on `useListState(definition)` will show for an address, read the same way: the address's
 * own list; a bare address restores the tab's last list (session storage); an entry link is read as its
 * list. Kept in step with `useListState` (lib/list/use-list-state.ts), which rewrites the address to it.
 */
export function listStateAt<F extends object, S extends string>(
  definition: ListDefinition<F, S>,
  params: URLSearchParams,
  now: Date = new Date(),
): ListState<F, S> {
  const key = !hasListParams(definition, params)
    ? (listSessionCache(definition).read() ?? params.toString())
    : hasEntryParams(definition, params)
      ? serializeListState(definition, parseListParams(definition, params, now)).toString()
      : params.toString();
  return parseListParams(definition, new URLSearchParams(key), now);
}

/**
 * The preload of a list screen: its first query (`document` with `variables(state)`, the very function the
 * screen uses) for the list the address names. Give it to the route (app/routes.ts) through a small module
 * that imports only the list definition and the document, never the screen.
 */
export function listPreload<F extends object, S extends string, TData, TVariables extends OperationVariables>(
  definition: ListDefinition<F, S>,
  document: TypedDocumentNode<TData, TVariables>,
  variables: (state: ListState<F, S>) => TVariables,
  text?: string,
  { preferences = true }: { preferences?: boolean } = {},
): RoutePreload {
  const preload: RoutePreload = ({ client, url, now }) => {
    const state = listStateAt(definition, url.searchParams, now);
    const answered = preloadQuery(client, document, variables(state), now.getTime());
    if (!preferences) return answered;
    // The list's columns and views leave after its rows, never before them; nothing waits for them. Their
    // module is loaded here, not with this one: it brings React, which the early request must not wait for.
    void import('../preferences')
      .then(({ listPreferenceGroup, preloadPreferences }) =>
        preloadPreferences(client, listPreferenceGroup(definition.area)),
      )
      .catch(() => undefined); // the screen's `usePreference` then asks itself
    return answered;
  };
  if (text !== undefined) {
    preload.early = ({ url, now, gateway }) => {
      void sendEarlyRequest(listEarlyRequest(definition, document, variables, text, url, now), gateway);
      return true;
    };
  }
  return preload;
}

/** The operation's name, as Apollo's HttpLink sends it. */
function operationNameOf(document: TypedDocumentNode<unknown, never>): string | undefined {
  for (const definition of document.definitions) {
    if (definition.kind === 'OperationDefinition') return definition.name?.value;
  }
  return undefined;
}

/**
 * The list's first request for an address, as the screen's query will send it: the operation's name, its text
 * (`text`: codegen's `gql/operation-texts.ts`, what Apollo prints for `document`) and the variables of the list the
 * address names.
 */
export function listEarlyRequest<
  F extends object,
  S extends string,
  TData,
  TVariables extends OperationVariables,
>(
  definition: ListDefinition<F, S>,
  document: TypedDocumentNode<TData, TVariables>,
  variables: (state: ListState<F, S>) => TVariables,
  text: string,
  url: URL,
  now: Date,
): EarlyRequest {
  return {
    operationName: operationNameOf(document as TypedDocumentNode<unknown, never>) ?? '',
    query: text,
    variables: variables(listStateAt(definition, url.searchParams, now)),
  };
}

/**
 * The preload of a list screen on `useListPage(query)`: the same query with the same variables. With `text` (the
 * operation as Apollo sends it, from the home's `gql/operation-texts.ts`), its request may leave before Apollo loads
 * (`RoutePreload.early`).
 */
export function listQueryPreload<
  F extends object,
  S extends string,
  TData,
  TVariables extends OperationVariables,
>(query: ListQuery<F, S, TData, TVariables, unknown>, text?: string): RoutePreload {
  return listPreload(query.list, query.document, query.variables, text);
}

/**
 * Several first queries of one screen started together (a list and what its header counts of it): the router's
 * preload settles once each has; the early request sends each one's, so none waits for the screen's chunk.
 */
export function preloadsTogether(...preloads: readonly RoutePreload[]): RoutePreload {
  const together: RoutePreload = (context) =>
    Promise.all(preloads.map((preload) => preload(context))).then(() => undefined);
  if (preloads.some((preload) => preload.early)) {
    together.early = (context) => preloads.map((preload) => preload.early?.(context) ?? false).some(Boolean);
  }
  return together;
}
