import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import {
  hasEntryParams,
  hasListParams,
  parseListParams,
  serializeListState,
  type ListDefinition,
  type ListState,
} from '../list/list-definition';
import type { ListQuery } from '../list/list-query';
import { listSessionCache } from '../list/use-list-state';
import { listPreferenceGroup, preloadPreferences } from '../preferences';
import { preloadQuery } from './query-preload';

/** What a route's preload gets on navigation (app/router.tsx). */
export interface RoutePreloadContext {
  client: ApolloClient;
  /** The address being opened (path and query). */
  url: URL;
  /** The signed-in user's permissions (the route's rule already passed). */
  permissions: readonly string[];
  now: Date;
}

/** A route's preload: fires the screen's first query; never throws, never waits for the answer. */
export type RoutePreload = (context: RoutePreloadContext) => void;

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
): RoutePreload {
  return ({ client, url, now }) => {
    const state = listStateAt(definition, url.searchParams, now);
    void preloadQuery(client, document, variables(state), now.getTime());
    // The list's columns and views leave after its rows, never before them; nothing waits for them (issue 44).
    preloadPreferences(client, listPreferenceGroup(definition.area));
  };
}

/** The preload of a list screen on `useListPage(query)`: the same query with the same variables. */
export function listQueryPreload<F extends object, S extends string, TData, TVariables extends OperationVariables>(
  query: ListQuery<F, S, TData, TVariables, unknown>,
): RoutePreload {
  return listPreload(query.list, query.document, query.variables);
}
