import Keycloak from 'keycloak-js';
import type { BackofficeConfig } from './config';

/** Seconds of validity a token must still have before a request; below it we refresh first. */
export const MIN_TOKEN_VALIDITY_SECONDS = 30;

export interface AuthSession {
  keycloak: Keycloak;
  /** A valid access token, refreshed when it expires within 30 s; sends to the login page when refresh fails. */
  getToken(): Promise<string>;
  /** Sends the browser to Keycloak's login page, coming back to the current address. */
  login(): Promise<void>;
  /** Ends the SSO session and returns to the app's own origin (which then asks for sign-in again). */
  logout(): Promise<void>;
}

export class AuthRedirectError extends Error {
  override name = 'AuthRedirectError';
  constructor() {
    super('Redirigiendo al inicio de sesión');
  }
}

/** A promise that never settles: the page is navigating away. */
const navigatingAway = <T>() => new Promise<T>(() => {});

/**
 * Starts keycloak-js: silent check-sso (PKCE S256, no login iframe), then the login page if there is no
 * session (every route needs sign-in), then the user profile. Resolves only when signed in.
 */
export async function startAuth(config: BackofficeConfig): Promise<AuthSession> {
  const keycloak = new Keycloak({ url: config.keycloakUrl, realm: config.realm, clientId: config.clientId });
  const origin = window.location.origin;

  const login = () => keycloak.login({ redirectUri: window.location.href });
  let refreshing: Promise<string> | undefined;
  const getToken = (): Promise<string> => {
    refreshing ??= keycloak
      .updateToken(MIN_TOKEN_VALIDITY_SECONDS)
      .then(() => {
        if (!keycloak.token) throw new AuthRedirectError();
        return keycloak.token;
      })
      .catch(async () => {
        await login();
        return navigatingAway<string>();
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };

  keycloak.onTokenExpired = () => {
    void getToken();
  };

  const authenticated = await keycloak.init({
    onLoad: 'check-sso',
    silentCheckSsoRedirectUri: `${origin}/silent-check-sso.html`,
    pkceMethod: 'S256',
    checkLoginIframe: false,
  });
  if (!authenticated) {
    await login();
    return navigatingAway<AuthSession>();
  }
  await keycloak.loadUserProfile();

  return {
    keycloak,
    getToken,
    login,
    logout: () => keycloak.logout({ redirectUri: `${origin}/` }),
  };
}
