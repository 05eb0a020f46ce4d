import Keycloak from 'keycloak-js';
import type { BackofficeConfig } from './config';

/** Seconds of validity a token must still have before a request; below it we refresh first. */
export const MIN_TOKEN_VALIDITY_SECONDS = 30;

export interface AuthSession {
  keycloak: Keycloak;
  /** A valid access token, refreshed when it expires within 30 s; sends to the login page when refresh fails. */
  getToken(): Promise<string>;
  /**
   * Sends the browser to Keycloak's login page, coming back to the current address; false (no redirect) when
   * the app already did so in the last 30 s, so a gateway refusing every session cannot cause a loop.
   */
  login(): Promise<boolean>;
  /** Ends the SSO session and returns to the app's own origin (which then asks for sign-in again). */
  logout(): Promise<void>;
}

/** The session cannot be renewed and the app will not redirect again right now. */
export class AuthRedirectError extends Error {
  override name = 'AuthRedirectError';
  constructor() {
    super('Su sesión expiró. Ingrese nuevamente.');
  }
}

/** When the app last sent the browser to the login page on its own (session storage, per tab). */
const LOGIN_REDIRECT_KEY = 'auth.loginRedirectAt';
/** A second redirect within this window means the gateway keeps refusing a fresh session: stop looping. */
export const LOGIN_REDIRECT_GUARD_MS = 30_000;

/** Whether a redirect to the login page is allowed now; records it when it is. */
export function allowLoginRedirect(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined,
  now: number,
): boolean {
  try {
    const last = storage?.getItem(LOGIN_REDIRECT_KEY);
    if (last && now - Number(last) < LOGIN_REDIRECT_GUARD_MS) return false;
    storage?.setItem(LOGIN_REDIRECT_KEY, String(now));
  } catch {
    // Without storage there is no loop protection, but sign-in still works.
  }
  return true;
}

/** A promise that never settles: the page is navigating away. */
const navigatingAway = <T>() => new Promise<T>(() => {});

/**
 * Starts keycloak-js: silent check-sso (PKCE S256, no login iframe), then the login page if there is no
 * session (every route needs sign-in). Resolves only when signed in. The account profile is not read: who the
 * operator is comes from the gateway's `me`, and that request waits for nothing but the token.
 */
export async function startAuth(config: BackofficeConfig): Promise<AuthSession> {
  const keycloak = new Keycloak({ url: config.keycloakUrl, realm: config.realm, clientId: config.clientId });
  const origin = window.location.origin;

  const redirectToLogin = () => keycloak.login({ redirectUri: window.location.href });
  // After start-up (expired session, refused token) a redirect is allowed once per 30 s: when the gateway
  // refuses even a fresh session, the screen shows the error instead of bouncing through the login page.
  const login = async (): Promise<boolean> => {
    if (!allowLoginRedirect(safeSessionStorage(), Date.now())) return false;
    await redirectToLogin();
    return true;
  };
  let refreshing: Promise<string> | undefined;
  const getToken = (): Promise<string> => {
    refreshing ??= keycloak
      .updateToken(MIN_TOKEN_VALIDITY_SECONDS)
      .then(() => {
        if (!keycloak.token) throw new AuthRedirectError();
        return keycloak.token;
      })
      .catch(async () => {
        if (await login()) return navigatingAway<string>();
        throw new AuthRedirectError();
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
    await redirectToLogin();
    return navigatingAway<AuthSession>();
  }

  return {
    keycloak,
    getToken,
    login,
    logout: () => keycloak.logout({ redirectUri: `${origin}/` }),
  };
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
