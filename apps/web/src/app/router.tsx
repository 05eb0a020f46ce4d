import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { NotAvailablePage } from '../components/layout/not-available';
import { RequirePermission } from '../components/require-permission';
import { RouteError } from './route-error';
import { APP_ROUTES, type AppRoute } from './routes';
import { ShellLayout } from './shell/shell-layout';

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

/** Every route needs sign-in (the app renders only after Keycloak says so); `/` and unknown paths go to /home. */
export const routeObjects: RouteObject[] = [
  {
    element: <ShellLayout />,
    errorElement: <RouteError fullPage />,
    children: [
      {
        // A crashing screen shows its error inside the shell: menu and top bar stay usable.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          ...APP_ROUTES.map((route): RouteObject => ({
            path: route.path,
            handle: { title: route.title },
            // A new key per route so a screen's state never leaks into the next one.
            element: <RouteContent key={route.path} route={route} />,
          })),
          { path: '*', element: <Navigate to="/home" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routeObjects);
}
