import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { useApolloClient, useQuery } from '@apollo/client/react';
import Button from '@mui/material/Button';
import { MeDocument } from './gql/graphql';
import { createApolloClient } from '../lib/apollo';
import { AuthContext, useAuth } from '../lib/auth-context';
import type { BackofficeConfig } from '../lib/config';
import { describeError } from '../lib/errors';
import { configureFileSession } from '../lib/files';
import type { AuthSession } from '../lib/keycloak';
import { CurrentUserContext, type CurrentUser } from '../lib/permissions';
import { BootScreen } from './boot/boot-screen';
import { DataProviders, UiProviders } from './providers';
import { createAppRouter } from './router';

/** Renders the signed-in application: Apollo client, `me`, then the routed shell. */
export function renderApp(
  container: HTMLElement,
  { auth, config }: { auth: AuthSession; config: BackofficeConfig },
) {
  const client = createApolloClient({
    gatewayUrl: config.gatewayUrl,
    getToken: auth.getToken,
    onUnauthenticated: () => void auth.login(),
  });
  configureFileSession({
    getToken: auth.getToken,
    gatewayUrl: config.gatewayUrl,
    onUnauthenticated: () => void auth.login(),
  });
  createRoot(container).render(
    <StrictMode>
      <UiProviders>
        <AuthContext.Provider value={auth}>
          <DataProviders client={client}>
            <SignedInApp />
          </DataProviders>
        </AuthContext.Provider>
      </UiProviders>
    </StrictMode>,
  );
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

function SignedInApp() {
  const auth = useAuth();
  const { data, error, refetch, loading } = useQuery(MeDocument, { notifyOnNetworkStatusChange: true });
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

  if (user) {
    return (
      <CurrentUserContext.Provider value={user}>
        <SignedInRouter permissions={user.permissions} />
      </CurrentUserContext.Provider>
    );
  }
  if (error && !loading) {
    return (
      <BootScreen
        message={`No se pudieron cargar sus datos de usuario. ${describeError(error)}`}
        busy={false}
      >
        <Button variant="contained" onClick={() => void refetch()}>
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

/** The routed shell, created once `me` is known: the router starts each screen's chunk and first query. */
function SignedInRouter({ permissions }: { permissions: CurrentUser['permissions'] }) {
  const client = useApolloClient();
  const [router] = useState(() => createAppRouter({ client: () => client, permissions }));
  return <RouterProvider router={router} />;
}
