import { StrictMode, useCallback, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import Button from '@mui/material/Button';
import type { ApolloOptions } from '../lib/apollo';
import { AuthContext, useAuth } from '../lib/auth-context';
import type { BackofficeConfig } from '../lib/config';
import { describeError } from '../lib/errors';
import { configureFileSession } from '../lib/files';
import type { AuthSession } from '../lib/keycloak';
import { fetchMe, MeRequestError, type MeData } from '../lib/me-request';
import { CurrentUserContext, type CurrentUser } from '../lib/permissions';
import { BootScreen } from './boot/boot-screen';
import { DataClientContext, startDataLayer, type DataLayer } from './data-layer';
import { UiProviders } from './providers';
import { createAppRouter } from './router';
import { findRoute } from './routes';

/**
 * Renders the signed-in application: `me` (a plain request: the shell needs nothing else), then the routed shell.
 * The screens' data layer (Apollo Client) starts loading at the same time and wraps the routed screens.
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
  const routing = signedInRouting(startDataLayer(options));
  configureFileSession(options);
  const firstMe = fetchMe(options);
  // The router (and with it the address's first query) starts the moment `me` is in, not after the shell renders.
  void firstMe.then(routing).catch(() => undefined); // a failed `me` is SignedInApp's to show
  createRoot(container).render(
    <StrictMode>
      <UiProviders>
        <AuthContext.Provider value={auth}>
          <SignedInApp options={options} routing={routing} firstMe={firstMe} />
        </AuthContext.Provider>
      </UiProviders>
    </StrictMode>,
  );
}

/**
 * Starts downloading the code of the screen at `pathname` (and its first query's preload module) while the session
 * is still being checked, rather than once the shell has `me` and the router enters the route: on a first visit
 * the screen's chunks then arrive about when the shell does. Code only: nothing is asked of the gateway, and the
 * route's permission is still checked when it renders.
 */
export function preloadScreenOf(pathname: string) {
  const route = findRoute(pathname);
  void route?.screen?.load().catch(() => undefined); // a failed load is the screen's to show (RouteError)
  void route?.preload?.().catch(() => undefined);
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
}

/**
 * Makes the router for the signed-in user once: creating it runs the address's route loader, which starts the
 * screen's first query (lib/preload) with the data layer's client. renderApp calls it when `me` arrives, so that
 * query leaves beside the operator's preferences instead of after the shell's first render (bench/README.md).
 */
function signedInRouting(dataLayer: DataLayer): (me: MeData) => SignedInRouting {
  let made: SignedInRouting | undefined;
  return (me) => {
    if (!made) {
      const client = dataLayer.client(me);
      made = { client, router: createAppRouter({ client: () => client, permissions: me.me.permissions }) };
    }
    return made;
  };
}

function SignedInApp({
  options,
  routing,
  firstMe,
}: {
  options: ApolloOptions;
  routing: (me: MeData) => SignedInRouting;
  firstMe: Promise<MeData>;
}) {
  const auth = useAuth();
  const { data, error, retry, loading } = useMe(options, firstMe);
  const user = useMemo<CurrentUser | null>(
    () =>
      data
        ? {
            username: data.me.username,
            name: data.me.name ?? null,
            email: data.me.email ?? null,
            permissions: data.me.permissions,
          }
        : null,
    [data],
  );

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

/** The routed shell, inside the data layer's client (shell-layout.tsx renders the screens in it). */
function SignedInRouter({ router, client }: SignedInRouting) {
  return (
    <DataClientContext.Provider value={client}>
      <RouterProvider router={router} />
    </DataClientContext.Provider>
  );
}
