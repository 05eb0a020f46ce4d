import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { MeData } from '@/lib/me-request';
import { CurrentUserContext } from '@/lib/permissions';
import { DataBoundary, DataClientContext, startDataLayer } from '../data-layer';
import { UiProviders } from '../providers';
import { appRouteObjects, loadScreen } from '../router';
import { lazyScreen } from '../screens';

// Two routes of the manifest whose screens say who they are: one loaded before the route renders, one not.
const SCREENS = vi.hoisted(() => ({ loaded: undefined as unknown, later: undefined as unknown }));
vi.mock('../routes', async (original) => {
  const { lazyScreen: lazy } = await import('../screens');
  SCREENS.loaded = lazy(() => Promise.resolve({ default: () => <p>Pantalla cargada</p> }));
  SCREENS.later = lazy(() => Promise.resolve({ default: () => <p>Pantalla después</p> }));
  return {
    ...(await original<typeof import('../routes')>()),
    APP_ROUTES: [
      { path: '/cargada', title: 'Cargada', screen: SCREENS.loaded },
      { path: '/despues', title: 'Después', screen: SCREENS.later },
    ],
  };
});

/**
 * The first render of a repeat visit is the shell with the rows: what is already in (the data layer's
 * client, a route's screen) renders in that render, not behind a page loader and a render later.
 */

const ME: MeData = {
  me: { __typename: 'Me', username: 'operador', name: 'Operador', email: null, permissions: [] },
};

describe('the first render', () => {
  it('renders inside the data layer at once when its client is already made', async () => {
    const layer = startDataLayer({
      gatewayUrl: 'http://gateway.test/graphql',
      getToken: () => Promise.resolve('token'),
      onUnauthenticated: () => undefined,
    });
    const client = layer.client(ME);
    await client;
    render(
      <UiProviders>
        <CurrentUserContext.Provider value={{ ...ME.me, name: null, email: null }}>
          <DataClientContext.Provider value={client}>
            <DataBoundary>
              <p>Filas</p>
            </DataBoundary>
          </DataClientContext.Provider>
        </CurrentUserContext.Provider>
      </UiProviders>,
    );
    // No waiting: in the first render.
    expect(screen.getByText('Filas')).toBeInTheDocument();
  });

  it('shows the page loader until a client still on its way is made', async () => {
    let resolve: (value: never) => void = () => undefined;
    const pending = new Promise<never>((r) => (resolve = r));
    render(
      <UiProviders>
        <DataClientContext.Provider value={pending}>
          <DataBoundary>
            <p>Filas</p>
          </DataBoundary>
        </DataClientContext.Provider>
      </UiProviders>,
    );
    expect(screen.queryByText('Filas')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Cargando…' })).toBeInTheDocument();
    resolve(undefined as never);
  });

  it('loadScreen settles whether or not the screen’s code loads (a failure is the screen’s to show)', async () => {
    await expect(loadScreen(undefined)).resolves.toBeUndefined();
    await expect(loadScreen(lazyScreen(() => Promise.reject(new Error('chunk'))))).resolves.toBeUndefined();
    await expect(
      loadScreen(lazyScreen(() => Promise.resolve({ default: () => null }))),
    ).resolves.toBeUndefined();
  });

  it('renders a route whose screen is in without its page loader; another through it, as before', async () => {
    const [layout] = appRouteObjects({
      client: () => Promise.reject(new Error('sin cliente')),
      permissions: [],
    });
    const routes = layout!.children![0]!.children!.filter((route) => route.path?.startsWith('/'));
    await loadScreen(SCREENS.loaded as Parameters<typeof loadScreen>[0]);
    const routerAt = (path: string) =>
      createMemoryRouter(
        routes.map(({ path: routePath, element }) => ({ path: routePath, element })),
        { initialEntries: [path] },
      );
    const first = render(<RouterProvider router={routerAt('/cargada')} />);
    expect(screen.getByText('Pantalla cargada')).toBeInTheDocument();
    first.unmount();
    render(<RouterProvider router={routerAt('/despues')} />);
    expect(screen.getByRole('progressbar', { name: 'Cargando…' })).toBeInTheDocument();
    expect(await screen.findByText('Pantalla después')).toBeInTheDocument();
  });
});
