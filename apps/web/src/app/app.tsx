import { memo, StrictMode, useCallback, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import Button from '@mui/material/Button';
import type { ApolloOptions } from '../lib/apollo';
import { AuthContext, useAuth } from '../lib/auth-context';
import type { BackofficeConfig } from '../lib/config';
import { describeError } from '../lib/errors';
import { configureFileSession } from '../lib/files';
import type { AuthSession } from '../lib/keycloak';
import { fetchMe, meFromClaims, MeRequestError, sameMe, type MeData } from '../lib/me-request';
import { CurrentUserContext, type CurrentUser } from '../lib/permissions';
import { BootScreen } from './boot/boot-screen';
import { DataClientContext, loadDataClient, startDataLayer, type DataLayer } from './data-layer';
import { UiProviders } from './providers';
import { createAppRouter, loadScreen } from './router';
import { findRoute } from './routes';

/**
 * How long the first render waits, at most, for the address's screen to be ready (its code, the data layer and its
 * first query's answer in the cache): ready, the first render is the shell with the rows, in one pass;
 * past it the shell renders and the screen follows as before (a slow gateway, a first visit still downloading).
 */
export const FIRST_SCREEN_WAIT_MS = 300;

/**
 * Renders the signed-in application: the routed shell as soon as the access token says who signs in (its claims),
 * with `me` (a plain request: the shell needs nothing else) asked beside the address's first query and
 * refining the user when it answers; without usable claims, the shell waits for `me` as before. The screens' data
 * layer (Apollo Client) starts loading at the same time and wraps the routed screens.
 */
export function renderApp(
  container: HTMLElement,
  { auth, config }: { auth: AuthSession; config: BackofficeConfig },
) {
  const options: ApolloOptions = {
    gatewayUrl: config.gatewayUrl,
    getToken: auth.getToken,
    onUnauthenticated: () => void auth.login(),
  };
  const dataLayer = startDataLayer(options);
  const routing = signedInRouting(dataLayer);
  configureFileSession(options);
  const fromClaims = meFromClaims(auth.claims);
  // The router (and with it the address's first query) starts now with the token's claims, or the moment `me` is
  // in when they name nobody; never after the shell renders.
  const firstScreen = fromClaims ? routing(fromClaims).firstScreen : undefined;
  const firstMe = fetchMe(options);
  void firstMe.then((me) => (fromClaims ? dataLayer.refine(me) : routing(me))).catch(() => undefined); // a failed `me` is SignedInApp's to show
  const root = createRoot(container);
  const render = () =>
    root.render(
      <StrictMode>
        <UiProviders>
          {auth.ended ? (
            <SessionEnded />
          ) : (
            <AuthContext.Provider value={auth}>
              <SignedInApp options={options} routing={routing} firstMe={firstMe} fromClaims={fromClaims} />
            </AuthContext.Provider>
          )}
        </UiProviders>
      </StrictMode>,
    );
  // Signed out in another tab: the screens go (their polls, live updates and dialogs with them) and the tab says so.
  auth.onEnded(render);
  void import('../lib/session-end').then(({ watchSessionEnd }) => auth.listenForSignOut(watchSessionEnd));
  // The shell renders with the address's screen ready (its code, Apollo, its first answer in the cache), or after
  // FIRST_SCREEN_WAIT_MS: one render shows the menu and the rows, instead of the shell, a page loader, then the
  // screen in renders and commits of their own that the rows waited for (the menu comes beside the rows).
  if (firstScreen) void firstScreen.then(render);
  else render();
}

/**
 * Starts downloading the code of the screen at `pathname` (and its first query's preload module) while the session
 * is still being checked, rather than once the shell has `me` and the router enters the route: on a first visit
 * the screen's chunks then arrive about when the shell does. Code only: nothing is asked of the gateway, and the
 * route's permission is still checked when it renders. The first query's modules (its preload and the data layer)
 * are asked for before the screen's: modules run in the order they arrive, and the screen's (the DataGrid's
 * among them) would otherwise run first and hold the query back on a repeat visit.
 */
export function preloadScreenOf(pathname: string) {
  const route = findRoute(pathname);
  if (route?.preload) {
    void route.preload().catch(() => undefined);
    void loadDataClient().catch(() => undefined); // a failed load is the data boundary's to show
  }
  void loadScreen(route?.screen); // a failed load is the screen's to show (RouteError)
}

/** A start-up failure (configuration, sign-in service unreachable) with a retry button. */
export function renderStartupError(container: HTMLElement, message: string) {
  createRoot(container).render(
    <StrictMode>
      <UiProviders>
        <BootScreen message={message} busy={false}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Reintentar
          </Button>
        </BootScreen>
      </UiProviders>
    </StrictMode>,
  );
}

/**
 * The operator signed out in another tab of the browser: nothing of the session is shown nor called any more; a new
 * sign-in goes through the login page (the page loaded again finds no session).
 */
function SessionEnded() {
  return (
    <BootScreen message="La sesión se cerró en otra pestaña." busy={false}>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Ingresar nuevamente
      </Button>
    </BootScreen>
  );
}

type MeState = { data?: MeData; error?: unknown; loading: boolean };

/** `me`, from the request renderApp started; `retry` asks again. A refused session goes to the login page. */
function useMe(options: ApolloOptions, firstMe: Promise<MeData>) {
  const [state, setState] = useState<MeState>({ loading: true });
  const follow = useCallback(
    (request: Promise<MeData>) => {
      let current = true;
      request.then(
        (data) => current && setState({ data, loading: false }),
        (error: unknown) => {
          if (error instanceof MeRequestError && error.unauthenticated) options.onUnauthenticated();
          if (current) setState({ error, loading: false });
        },
      );
      return () => {
        current = false;
      };
    },
    [options],
  );
  useEffect(() => follow(firstMe), [follow, firstMe]);
  const retry = () => {
    setState((previous) => ({ ...previous, loading: true }));
    follow(fetchMe(options));
  };
  return { ...state, retry };
}

/** The signed-in user's router and data client, made once (by renderApp as soon as `me` is in). */
interface SignedInRouting {
  router: ReturnType<typeof createAppRouter>;
  client: ReturnType<DataLayer['client']>;
  /**
   * Settles once the address's screen is ready to render (its code and the data layer in, its first query answered
   * or given up) or FIRST_SCREEN_WAIT_MS after the router started, whichever comes first.
   */
  firstScreen: Promise<void>;
}

/**
 * Makes the router for the signed-in user once: creating it runs the address's route loader, which starts the
 * screen's first query (lib/preload) with the data layer's client. renderApp calls it with the token's claims (or
 * when `me` arrives), so that query leaves with the screen's chunk instead of after `me` and the shell's first
 * render (bench/README.md).
 */
function signedInRouting(dataLayer: DataLayer): (me: MeData) => SignedInRouting {
  let made: SignedInRouting | undefined;
  return (me) => {
    if (!made) {
      const client = dataLayer.client(me);
      let preload: Promise<void> | undefined;
      const router = createAppRouter({
        client: () => client,
        permissions: me.me.permissions,
        onPreload: (started) => {
          preload ??= started;
        },
      });
      // The route's loader (which starts the preload and the screen's code) has run once the router is initialized.
      const initialized = new Promise<void>((resolve) => {
        if (router.state.initialized) return resolve();
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      });
      const ready = initialized.then(() =>
        Promise.all([preload, client, loadScreen(findRoute(router.state.location.pathname)?.screen)]).then(
          () => undefined,
          () => undefined, // a failure is the screen's or the data boundary's to show
        ),
      );
      const firstScreen = Promise.race([
        ready,
        new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
      ]);
      made = { client, router, firstScreen };
    }
    return made;
  };
}

/** The user the shell shows: the claims' until `me` answers, kept as the same object when `me` says the same. */
function useCurrentUserOf(me: MeData | undefined): CurrentUser | null {
  const shown = useRef<{ me: MeData; user: CurrentUser } | null>(null);
  if (!me) return null;
  if (!shown.current || (shown.current.me !== me && !sameMe(shown.current.me, me))) {
    const { username, name, email, permissions } = me.me;
    shown.current = { me, user: { username, name: name ?? null, email: email ?? null, permissions } };
  }
  return shown.current.user;
}

function SignedInApp({
  options,
  routing,
  firstMe,
  fromClaims,
}: {
  options: ApolloOptions;
  routing: (me: MeData) => SignedInRouting;
  firstMe: Promise<MeData>;
  fromClaims: MeData | undefined;
}) {
  const auth = useAuth();
  const { data: answered, error, retry, loading } = useMe(options, firstMe);
  // With the claims the shell is already on screen: a failed `me` leaves it there (each screen shows its own
  // errors; a refused session still goes to the login page, useMe).
  const data = answered ?? fromClaims;
  const user = useCurrentUserOf(data);

  if (user && data) {
    return (
      <CurrentUserContext.Provider value={user}>
        <SignedInRouter {...routing(data)} />
      </CurrentUserContext.Provider>
    );
  }
  if (error && !loading) {
    return (
      <BootScreen
        message={`No se pudieron cargar sus datos de usuario. ${describeError(error)}`}
        busy={false}
      >
        <Button variant="contained" onClick={retry}>
          Reintentar
        </Button>
        <Button variant="outlined" onClick={() => void auth.logout()}>
          Cerrar Sesion
        </Button>
      </BootScreen>
    );
  }
  return <BootScreen message="Cargando sus datos…" />;
}

/**
 * The routed shell, inside the data layer's client (shell-layout.tsx renders the screens in it). Memoised: `me`
 * answering re-renders SignedInApp, never the routed tree (the same router and client).
 */
const SignedInRouter = memo(function SignedInRouter({ router, client }: SignedInRouting) {
  return (
    <DataClientContext.Provider value={client}>
      <RouterProvider router={router} />
    </DataClientContext.Provider>
  );
});
