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

/** The tab's Keycloak tokens, kept so a reload resumes the session (session storage: this tab only). */
const TAB_SESSION_KEY = 'auth.session';

/** The tokens keycloak-js needs to resume a session without the silent check (`init({ token, refreshToken })`). */
export interface TabSessionTokens {
  token: string;
  refreshToken: string;
  idToken?: string;
}

/**
 * Where a tab keeps its tokens between page loads. A reload (or an address typed in the same tab) then resumes the
 * session with one token refresh instead of keycloak-js's third-party-cookie check and silent check-sso (two
 * iframes and a code exchange, about 300 ms before any request to the gateway). Session storage dies with the
 * tab; the tokens are forgotten on sign-out and when a refresh is refused, and the refresh token is worth nothing
 * once Keycloak's session ends (docs/decisions.md).
 */
export function tabSessionStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined) {
  return {
    read(): TabSessionTokens | undefined {
      try {
        const value: unknown = JSON.parse(storage?.getItem(TAB_SESSION_KEY) ?? 'null');
        if (!value || typeof value !== 'object') return undefined;
        const { token, refreshToken, idToken } = value as Record<string, unknown>;
        if (typeof token !== 'string' || typeof refreshToken !== 'string') return undefined;
        return { token, refreshToken, ...(typeof idToken === 'string' ? { idToken } : {}) };
      } catch {
        return undefined; // unreadable: the silent check-sso decides
      }
    },
    write(tokens: Partial<TabSessionTokens>): void {
      try {
        if (!tokens.token || !tokens.refreshToken) storage?.removeItem(TAB_SESSION_KEY);
        else storage?.setItem(TAB_SESSION_KEY, JSON.stringify(tokens));
      } catch {
        // Without storage every load checks the session silently, as before.
      }
    },
    forget(): void {
      try {
        storage?.removeItem(TAB_SESSION_KEY);
      } catch {
        // nothing kept
      }
    },
  };
}

/**
 * The tab's session resumed from its kept tokens (one token refresh), or false when there are none or Keycloak
 * refuses the refresh (ended session, restarted realm): the caller then checks the SSO session silently.
 */
async function resumeTabSession(keycloak: Keycloak, tokens: TabSessionTokens | undefined): Promise<boolean> {
  if (!tokens) return false;
  try {
    return await keycloak.init({ ...tokens, pkceMethod: 'S256', checkLoginIframe: false });
  } catch {
    return false;
  }
}

/**
 * Starts keycloak-js: the tab's kept session if Keycloak still renews it, else silent check-sso (PKCE S256, no
 * login iframe), then the login page if there is no session (every route needs sign-in). Resolves only when signed
 * in. The account profile is not read: who the operator is comes from the gateway's `me`, and that request waits
 * for nothing but the token.
 */
export async function startAuth(config: BackofficeConfig): Promise<AuthSession> {
  const newKeycloak = () =>
    new Keycloak({ url: config.keycloakUrl, realm: config.realm, clientId: config.clientId });
  const origin = window.location.origin;
  const kept = tabSessionStore(safeSessionStorage());

  let keycloak = newKeycloak();
  let authenticated = await resumeTabSession(keycloak, kept.read());
  if (!authenticated) {
    kept.forget();
    keycloak = newKeycloak(); // a keycloak-js instance is initialised once
    authenticated = await keycloak.init({
      onLoad: 'check-sso',
      silentCheckSsoRedirectUri: `${origin}/silent-check-sso.html`,
      pkceMethod: 'S256',
      checkLoginIframe: false,
    });
  }

  const redirectToLogin = () => keycloak.login({ redirectUri: window.location.href });
  if (!authenticated) {
    await redirectToLogin();
    return navigatingAway<AuthSession>();
  }
  const keep = () =>
    kept.write({ token: keycloak.token, refreshToken: keycloak.refreshToken, idToken: keycloak.idToken });
  keep();
  keycloak.onAuthRefreshSuccess = keep;
  keycloak.onAuthRefreshError = kept.forget;
  keycloak.onAuthLogout = kept.forget;

  // After start-up (expired session, refused token) a redirect is allowed once per 30 s: when the gateway
  // refuses even a fresh session, the screen shows the error instead of bouncing through the login page.
  const login = async (): Promise<boolean> => {
    if (!allowLoginRedirect(safeSessionStorage(), Date.now())) return false;
    kept.forget();
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

  return {
    keycloak,
    getToken,
    login,
    logout: () => {
      kept.forget();
      return keycloak.logout({ redirectUri: `${origin}/` });
    },
  };
}

function safeSessionStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}
