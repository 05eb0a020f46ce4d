/**
 * Entry point, deliberately tiny: it checks the SSO session with keycloak-js while the application code
 * (React, MUI, Apollo, the shell) downloads in parallel. An anonymous visitor is sent to the login page
 * without loading the app; a signed-in one gets the shell as soon as both are ready.
 * Until React renders, index.html shows a static "Verificando su sesión…" card.
 */
import { ConfigError, readConfig } from './lib/config';
import { startAuth } from './lib/keycloak';
import { meFromClaims } from './lib/me-request';

const container = document.getElementById('root')!;
// The address's first query leaves as soon as the token is known, before the app has run: this small
// module (preloaded by index.html) loads the route's preload module. A module graph runs as soon as it has arrived,
// and the app's (React, MUI, the shell) holds the main thread for tens of milliseconds: on a repeat visit (this code
// from the browser's cache) the app is asked for once the preload's few modules are in, a few milliseconds, so the
// query leaves before it; on a first visit the app's download does not wait for theirs.
const firstRequest = import('./app/first-request')
  .then(({ prepareFirstRequest }) => prepareFirstRequest(window.location.pathname))
  .catch(() => undefined);
const appModule = (fromBrowserCache() ? firstRequest.then((first) => first?.loaded) : Promise.resolve()).then(
  () => import('./app/app'),
);

// The address's screen starts downloading as soon as the app's code is in, while the session is checked.
void appModule.then((app) => app.preloadScreenOf(window.location.pathname)).catch(() => undefined);

function showPlainError(message: string) {
  const status = container.querySelector('[data-boot-message]');
  if (status) status.textContent = message;
  container.querySelector('[data-boot-spinner]')?.remove();
}

async function main() {
  let config;
  try {
    config = readConfig();
  } catch (error) {
    const { renderStartupError } = await appModule;
    renderStartupError(container, error instanceof ConfigError ? error.message : String(error));
    return;
  }
  try {
    const auth = await startAuth(config);
    const { gatewayUrl } = config;
    // The same permissions the router starts with (app.tsx); none when the claims name nobody (then `me` decides).
    const permissions = meFromClaims(auth.claims)?.me.permissions;
    void firstRequest.then((first) =>
      first?.send({ auth, permissions, gatewayUrl, href: window.location.href }),
    );
    const { renderApp } = await appModule;
    renderApp(container, { auth, config });
  } catch (error) {
    console.error(error);
    const { renderStartupError } = await appModule;
    renderStartupError(
      container,
      'No se pudo conectar con el servicio de inicio de sesión. Intente nuevamente en unos minutos.',
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  showPlainError('No se pudo cargar el back-office. Verifique su conexión y recargue la página.');
});

/** Whether this module came from the browser's HTTP cache (nothing transferred): the app's code then did too. */
function fromBrowserCache(): boolean {
  try {
    return performance
      .getEntriesByName(import.meta.url)
      .some((entry) => (entry as PerformanceResourceTiming).transferSize === 0);
  } catch {
    return false;
  }
}
