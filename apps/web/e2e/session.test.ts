import { describe, expect, it } from 'vitest';
import { signIn } from './support/browser';
import { useBrowserStack } from './support/suite';

/** Sessions: token refresh, a refused token, and a screen whose code can no longer be loaded. */

const TOKEN_TTL_SECONDS = 40;
// Short-lived access tokens (a stack of this file's own): keycloak-js refreshes them once less than 30 s of
// validity remain. Every test here drives the login form itself.
const suite = useBrowserStack({ ownStack: { accessTokenTtlSeconds: TOKEN_TTL_SECONDS } });

/** Seconds until the bearer token expires (its `exp` claim against this machine's clock). */
function secondsLeft(authorization: string | undefined): number {
  const payload = (authorization ?? '').replace(/^Bearer /, '').split('.')[1] ?? '';
  const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number };
  return exp - Date.now() / 1000;
}

describe('sessions', () => {
  it('refreshes the access token before a request once it is about to expire', async () => {
    const session = await suite.anonymous();
    const { page } = session;
    const refreshGrants: string[] = [];
    page.on('request', (request) => {
      if (
        request.url().endsWith('/protocol/openid-connect/token') &&
        /grant_type=refresh_token/.test(request.postData() ?? '')
      ) {
        refreshGrants.push(request.url());
      }
    });
    try {
      await page.goto(`${suite.stack.urls.web}/perfil`);
      await signIn(page, 'operador', 'operador');
      await page.getByTestId('profile-username').waitFor();
      const firstToken = session.gatewayRequests.at(-1)?.headers.authorization;
      expect(firstToken).toMatch(/^Bearer /);
      // Any request from here may be the one that refreshes it: the live stream's presence too.
      const grantsBefore = refreshGrants.length;

      // Once fewer than 30 s remain (about 11 s after it was issued), the next request must refresh it first. A
      // sign-in slower than that (a loaded machine) has refreshed once already: only the refreshes from here count.
      await expect
        .poll(() => secondsLeft(firstToken), { timeout: TOKEN_TTL_SECONDS * 1000, interval: 500 })
        .toBeLessThan(29);
      const before = session.gatewayRequests.length;
      await page
        .getByRole('navigation', { name: 'Menú principal' })
        .getByRole('link', { name: 'Buscar' })
        .first()
        .click();
      await page.waitForURL(/\/pagos$/);
      // The screen's first GraphQL request (the live stream's own requests aside).
      const firstQuery = () =>
        session.gatewayRequests
          .slice(before)
          .find((r) => r.method === 'POST' && !new URL(r.url).pathname.startsWith('/live'));
      await expect.poll(() => firstQuery() !== undefined, { timeout: 15_000 }).toBe(true);
      const next = firstQuery();
      expect(refreshGrants.length).toBeGreaterThan(grantsBefore);
      expect(next?.headers.authorization).toMatch(/^Bearer /);
      expect(next?.headers.authorization).not.toBe(firstToken);
      await page.getByText('Buscar Pagos', { exact: true }).first().waitFor();
      expect(session.problems).toEqual([]);
    } finally {
      await session.close();
    }
  });

  it('sends the user through the login page when the gateway says UNAUTHENTICATED, and back', async () => {
    const session = await suite.anonymous();
    const { page } = session;
    try {
      await page.goto(`${suite.stack.urls.web}/home`);
      await signIn(page, 'operador', 'operador');

      let refused = 0;
      await page.route(`${suite.stack.urls.gateway}`, async (route) => {
        if (route.request().method() === 'POST' && refused === 0) {
          refused += 1;
          await route.fulfill({
            status: 200,
            contentType: 'application/json',
            headers: { 'access-control-allow-origin': suite.stack.urls.web },
            body: JSON.stringify({
              errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHENTICATED' } }],
            }),
          });
          return;
        }
        await route.continue();
      });
      // A top-level navigation to Keycloak's auth endpoint (the silent check-sso one runs in an iframe).
      const visitedLogin = page.waitForRequest(
        (request) =>
          request
            .url()
            .startsWith(`${suite.stack.urls.keycloak}/realms/back-office/protocol/openid-connect/auth`) &&
          request.isNavigationRequest() &&
          request.frame() === page.mainFrame(),
      );
      await page.reload();
      await visitedLogin;
      // The SSO session is still valid: Keycloak sends the browser straight back, signed in.
      await page.getByTestId('signed-in-username').waitFor();
      expect(refused).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/home');
    } finally {
      await session.close();
    }
  });

  it('shows the sign-in page in Spanish once the 30-minute idle limit has ended the session', async () => {
    const session = await suite.anonymous();
    const { page } = session;
    const keycloakRealm = `${suite.stack.urls.keycloak}/realms/back-office`;
    try {
      // The browser's clock, moved on below by Playwright (it flows normally until then).
      await page.clock.install();
      await page.goto(`${suite.stack.urls.web}/home`);
      // Its own user on this file's own stack, in a profile whose sign-in is never saved (suite.anonymous): the
      // refresh it has refused and the session it ends reach no other test's user or saved state.
      await signIn(page, 'supervisor', 'supervisor');
      await page.getByTestId('signed-in-username').waitFor();

      // After 30 idle minutes Keycloak has ended the SSO session: a refresh is refused ('Session not active') and
      // its cookie signs nobody in. The emulator keeps the machine's clock, so the test plays that side of it.
      await page.route(`${keycloakRealm}/protocol/openid-connect/token`, async (route) => {
        if (!/grant_type=refresh_token/.test(route.request().postData() ?? '')) return route.continue();
        await route.fulfill({
          status: 400,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': suite.stack.urls.web },
          body: JSON.stringify({ error: 'invalid_grant', error_description: 'Session not active' }),
        });
      });
      await session.context.clearCookies();
      // 31 minutes later by the browser's clock (no timer fired: the operator's next click is what needs a token).
      await page.clock.setSystemTime(Date.now() + 31 * 60_000);

      // The next screen needs a token: the expired one cannot be renewed, so the app sends the browser to sign in.
      const loginPage = page.waitForRequest(
        (request) =>
          request.url().startsWith(`${keycloakRealm}/protocol/openid-connect/auth`) &&
          request.isNavigationRequest() &&
          request.frame() === page.mainFrame(),
      );
      // The operator's click, unless a request of the screen itself got there first (then the link is gone).
      void page
        .getByRole('navigation', { name: 'Menú principal' })
        .getByRole('link', { name: 'Buscar' })
        .first()
        .click({ timeout: 5_000 })
        .catch(() => undefined);
      expect(new URL((await loginPage).url()).searchParams.get('ui_locales')).toBe('es');
      await page.getByLabel('Usuario o email').waitFor();
      await expect(page.getByLabel('Contraseña', { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Ingresar' }).isVisible()).resolves.toBe(true);
      expect(await page.getByLabel('Username or email').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
    } finally {
      await session.close();
    }
  });

  it('shows a Spanish error inside the shell when a screen cannot be loaded (stale deploy)', async () => {
    const session = await suite.anonymous();
    const { page } = session;
    try {
      await page.route('**/assets/profile-screen-*.js', (route) => route.abort());
      await page.goto(`${suite.stack.urls.web}/home`);
      await signIn(page, 'operador', 'operador');
      await page.getByRole('button', { name: 'Usuario operador' }).click();
      await page.getByRole('menuitem', { name: 'Perfil' }).click();
      await page.getByTestId('route-error').waitFor();
      await expect(page.getByText('Hay una nueva versión del back-office').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('navigation', { name: 'Menú principal' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Recargar' }).isVisible()).resolves.toBe(true);
    } finally {
      await session.close();
    }
  });
});
