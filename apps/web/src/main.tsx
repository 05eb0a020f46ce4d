/**
 * Entry point, deliberately tiny: it checks the SSO session with keycloak-js while the application code
 * (React, MUI, Apollo, the shell) downloads in parallel. An anonymous visitor is sent to the login page
 * without loading the app; a signed-in one gets the shell as soon as both are ready.
 * Until React renders, index.html shows a static "Verificando su sesión…" card.
 */
import { ConfigError, readConfig } from './lib/config';
import { startAuth } from './lib/keycloak';

const container = document.getElementById('root')!;
const appModule = import('./app/app');
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
