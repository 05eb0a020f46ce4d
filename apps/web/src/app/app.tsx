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
  const data = startDataLayer(options);
  configureFileSession(options);
  const firstMe = fetchMe(options);
  createRoot(container).render(
    <StrictMode>
      <UiProviders>
        <AuthContext.Provider value={auth}>
          <SignedInApp options={options} data={data} firstMe={firstMe} />
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

function SignedInApp({
  options,
  data: dataLayer,
  firstMe,
}: {
  options: ApolloOptions;
  data: DataLayer;
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
        <SignedInRouter client={dataLayer.client(data)} permissions={user.permissions} />
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
 * The routed shell, created once `me` is known: the router starts each screen's chunk and first query on
 * navigation (with the data layer's client), and the screens render inside the data layer (shell-layout.tsx).
 */
function SignedInRouter({
  client,
  permissions,
}: {
  client: ReturnType<DataLayer['client']>;
  permissions: CurrentUser['permissions'];
}) {
  const [router] = useState(() => createAppRouter({ client: () => client, permissions }));
  return (
    <DataClientContext.Provider value={client}>
      <RouterProvider router={router} />
    </DataClientContext.Provider>
  );
}
