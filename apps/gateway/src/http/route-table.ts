/**
 * The gateway's route table (server.ts's `gatewayRoutes`): routes tried in order, the first that matches serves the
 * request, what none matches is the fallback's (a 404). A route matches a path exactly (`exactly`, case-sensitive,
 * optionally for some methods only), a path-to-regexp pattern (`pattern`, Express's rules: routes.ts) or a mount and
 * what is below it (`below`: the handler gets the path below the mount).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { methodIs, pathUnder, routeMatcher } from './routes.js';

/** The path the route's handler gets (`below`: the part under the mount), or null when it does not match. */
export type RouteMatch = (req: IncomingMessage, path: string) => string | null;

export type RouteHandler = (req: IncomingMessage, res: ServerResponse, path: string) => void;

export interface Route {
  /** What it serves, for the reader and the tests. */
  name: string;
  match: RouteMatch;
  handle: RouteHandler;
}

/** `path` itself, for any method or only those of `methods`. */
export const exactly =
  (path: string, methods?: readonly string[]): RouteMatch =>
  (req, requested) =>
    requested === path && (!methods || methods.includes(req.method ?? '')) ? requested : null;

/** A pattern ('/favicon.ico') of `method` (GET answers HEAD too), with Express's matching rules. */
export function pattern(route: string, method: 'GET' | 'POST'): RouteMatch {
  const matches = routeMatcher(route);
  return (req, requested) => (methodIs(req, method) && matches(requested) ? requested : null);
}

/** `mount` and what is below it ('/files' → '/', '/files/a' → '/a'). */
export const below =
  (mount: string): RouteMatch =>
  (_req, requested) =>
    pathUnder(mount, requested);

/** The listener of a table: the first route that matches serves, else `fallback`. `null` entries are left out. */
export function routeTable(routes: readonly (Route | null)[], fallback: RouteHandler): RouteHandler {
  const active = routes.filter((route): route is Route => route !== null);
  return (req, res, path) => {
    for (const route of active) {
      const matched = route.match(req, path);
      if (matched !== null) return route.handle(req, res, matched);
    }
    return fallback(req, res, path);
  };
}
