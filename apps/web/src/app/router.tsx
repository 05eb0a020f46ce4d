import { createBrowserRouter, replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { ApolloClient } from '@apollo/client';
import { PageLoader } from '../components/feedback/page-loader';
import { NotAvailablePage } from '../components/layout/not-available';
import { RequirePermission } from '../components/require-permission';
import { satisfies, type Permission } from '../lib/permissions';
import type { RoutePreload } from '../lib/preload/list-preload';
import type { PreloadLoader } from './route-preloads';
import { RouteError } from './route-error';
import { APP_ROUTES, type AppRoute } from './routes';
import type { LazyScreen } from './screens';
import { isKeptScreenMounted } from './shell/kept-outlet';
import { ShellLayout } from './shell/shell-layout';

/**
 * Loads a route's screen (once: `lazyScreen`, whose load is followed, so a route mounted after it is in renders the
 * screen itself at once). Settles when it is in or failed: a failed load is the screen's to show
 * (RouteError).
 */
export function loadScreen(screen: LazyScreen | undefined): Promise<void> {
  return screen
    ? screen.load().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

function RouteContent({ route }: { route: AppRoute }) {
  const Screen = route.screen?.Component;
  const screen = Screen ? <Screen /> : <NotAvailablePage title={route.title} />;
  if (!route.rule) return screen;
  return (
    <RequirePermission any={route.rule.any} all={route.rule.all} title={route.title}>
      {screen}
    </RequirePermission>
  );
}

/** What the router needs to start a screen's work on navigation. */
export interface RouterContext {
  /** The Apollo client the screens use (the preload writes into its cache). */
  client: () => ApolloClient | Promise<ApolloClient>;
  permissions: readonly Permission[];
  /** Told of each route preload started (settles once its query has answered, or it gave up). */
  onPreload?: (started: Promise<void>) => void;
}

/** Each router's client once known and each preload module once in (its loader's `loaded`): then called without a wait. */
const knownClients = new WeakMap<RouterContext, ApolloClient>();

const loadPreload = (load: PreloadLoader) => load().then(({ default: preload }) => (load.loaded = preload));

/**
 * On navigation into a route (not on a change of its query string, which the screen itself fetches): the screen's
 * chunk starts downloading, and so does its first query when the route has a `preload` and the user may open it
 * (lib/preload): at once when its module and the client are in (a row's click, `opens`), else once they
 * are. Nothing is awaited: the loader answers at once and the screen renders as before.
 */
function startRoute(route: AppRoute, context: RouterContext) {
  return ({ request, params }: LoaderFunctionArgs) => {
    void loadScreen(route.screen);
    // A kept screen shown again asks for its own rows (app/shell/kept-outlet.tsx): no second request.
    if (route.preload && satisfies(context.permissions, route.rule) && !isKeptScreenMounted(route.path)) {
      const url = new URL(request.url);
      const now = new Date();
      const preloadWith = (preload: RoutePreload, client: ApolloClient) =>
        preload({ client, url, params, now, permissions: context.permissions });
      const loaded = route.preload.loaded;
      const known = knownClients.get(context);
      // Settles once the query has answered: the preload's own request, or the one sent before the app
      // (app/first-request.ts) whose answer Apollo's link hands it.
      const started = (
        loaded && known
          ? (async () => preloadWith(loaded, known))()
          : Promise.all([loadPreload(route.preload), context.client()]).then(([preload, client]) => {
              knownClients.set(context, client);
              return preloadWith(preload, client);
            })
      ).catch(() => undefined); // the screen then sends its own request and shows its own error
      context.onPreload?.(started);
      // Once the route's own screen is in (on a first visit its chunks come first), the preload modules of the
      // records its rows open and their screens: a click on a row then sends the record's query in the click's own
      // task and renders the record without waiting for its chunks (bench `web_detail_visible_warm_peer_ratio`).
      const opens = route.opens ?? [];
      void Promise.all([started, loadScreen(route.screen)]).then(() =>
        opens.forEach((load) => {
          void loadPreload(load).catch(() => undefined);
          void loadScreen(APP_ROUTES.find((opened) => opened.preload === load)?.screen);
        }),
      );
    }
    return null;
  };
}

const toHome = () => replace('/home');

/** Every route needs sign-in (the app renders only after Keycloak says so); `/` and unknown paths go to /home. */
export function appRouteObjects(context: RouterContext): RouteObject[] {
  return [
    {
      element: <ShellLayout />,
      errorElement: <RouteError fullPage />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        {
          // A crashing screen shows its error inside the shell: menu and top bar stay usable.
          errorElement: <RouteError />,
          children: [
            // Redirected by the router before anything renders (the routed outlet waits for the data layer).
            { index: true, loader: toHome },
            ...APP_ROUTES.map((route): RouteObject => ({
              path: route.path,
              handle: { title: route.title },
              loader: route.screen ? startRoute(route, context) : undefined,
              shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
              // A new key per route so a screen's state never leaks into the next one.
              element: <RouteContent key={route.path} route={route} />,
            })),
            { path: '*', loader: toHome },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(context: RouterContext) {
  return createBrowserRouter(appRouteObjects(context));
}
