import type { AuthSession } from '../lib/keycloak';
import { satisfies } from '../lib/permission-rules';
import { PRELOADED_ROUTES, type PreloadedRoute } from './route-preloads';

/**
 * The address's first query, sent before the application: main.tsx loads this module (index.html
 * preloads it) and, once keycloak-js has the token, the route's preload module sends the screen's first request with
 * `fetch` (`RoutePreload.early`, lib/preload/early-request.ts). The router's preload then takes its answer through
 * Apollo's link instead of asking again (bench/README.md: the list query left after the app and Apollo had loaded,
 * 210–280 ms after navigation on a repeat visit).
 *
 * Kept apart from app/routes.ts, which brings the menu's icons (and React with them): the routes with a preload, their
 * rules and their preload modules come from app/route-preloads.ts, which the manifest takes them from too.
 */
export interface FirstRequestRoute extends PreloadedRoute {
  path: string;
}

export const FIRST_REQUEST_ROUTES: readonly FirstRequestRoute[] = Object.entries(PRELOADED_ROUTES).map(
  ([path, route]) => ({ path, ...route }),
);

/** What sending needs once the session is known. */
export interface FirstRequestStart {
  auth: Pick<AuthSession, 'getToken'>;
  /** The user's permissions as the token's claims name them (`meFromClaims`); none when they name nobody. */
  permissions: readonly string[] | undefined;
  gatewayUrl: string;
  /** The address then (the router reads the same one). */
  href: string;
  language?: string;
  fetch?: typeof fetch;
  now?: Date;
}

/** The first request of an address whose route has a preload. */
export interface FirstRequest {
  /** Settles once the route's preload module is in (or failed to load). */
  loaded: Promise<void>;
  /**
   * Sends the screen's first request once the session is known; says whether it did. Never rejects: nothing is
   * sent when the token's claims name nobody or the user lacks the route's permission (the router then decides,
   * with `me`, as before), nor when the module failed to load.
   */
  send(start: FirstRequestStart): Promise<boolean>;
}

/**
 * For an address whose route has a preload: starts loading that preload's module now. Undefined for any other
 * address.
 */
export function prepareFirstRequest(
  pathname: string,
  routes: readonly FirstRequestRoute[] = FIRST_REQUEST_ROUTES,
): FirstRequest | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = routes.find((candidate) => candidate.path === path);
  if (!route) return undefined;
  const module = route.preload();
  return {
    // A failed load is the router's preload's and the screen's to see.
    loaded: module.then(
      () => undefined,
      () => undefined,
    ),
    async send({ auth, permissions, gatewayUrl, href, language, fetch, now = new Date() }) {
      if (!permissions || !satisfies(permissions, route.rule)) return false;
      try {
        const { default: preload } = await module;
        return (
          preload.early?.({
            url: new URL(href),
            now,
            permissions,
            gateway: { gatewayUrl, getToken: auth.getToken, language, fetch },
          }) ?? false
        );
      } catch {
        return false;
      }
    },
  };
}
