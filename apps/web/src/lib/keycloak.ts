import Keycloak from 'keycloak-js';
import type { BackofficeConfig } from './config';
import { claimOperatorStorage, forgetOperator } from './operator-storage';
import type { SessionEndWatch, watchSessionEnd } from './session-end';

/** Seconds of validity a token must still have before a request; below it we refresh first. */
export const MIN_TOKEN_VALIDITY_SECONDS = 30;

export interface AuthSession {
  /** The keycloak-js instance of the session (a resumed tab's is replaced if Keycloak refuses to renew it). */
  readonly keycloak: Keycloak;
  /**
   * The claims of the access token the session started with (who signs in and their roles), for the shell to
   * render before `me` answers.
   */
  readonly claims: Record<string, unknown> | undefined;
  /** A valid access token, refreshed when it expires within 30 s; sends to the login page when refresh fails. */
  getToken(): Promise<string>;
  /**
   * Sends the browser to Keycloak's login page, coming back to the current address; false (no redirect) when
   * the app already did so in the last 30 s, so a gateway refusing every session cannot cause a loop.
   */
  login(): Promise<boolean>;
  /**
   * Ends the SSO session and returns to the app's own origin (which then asks for sign-in again), first removing
   * everything the web kept in the browser for the operator (lib/operator-storage.ts) and telling the operator's
   * other tabs, which stop (`onEnded`).
   */
  logout(): Promise<void>;
  /** True once the operator signed out in another tab of the browser: `getToken` refuses from then on. */
  readonly ended: boolean;
  /** Calls `listener` (once) when the operator signs out in another tab of the browser; answers its removal. */
  onEnded(listener: () => void): () => void;
  /**
   * Starts hearing the other tabs' sign-outs with `watch` (lib/session-end.ts), which the app loads beside its first
   * screen so that the shell keeps its budget (e2e/bundle.test.ts); this tab's 'Cerrar Sesion' tells them through it.
   */
  listenForSignOut(watch: typeof watchSessionEnd): void;
}

/** The session cannot be renewed and the app will not redirect again right now. */
export class AuthRedirectError extends Error {
  override name = 'AuthRedirectError';
  constructor() {
    super('Su sesión expiró. Ingrese nuevamente.');
  }
}

/**
 * The operator signed out in another tab of the browser: this tab's tokens are forgotten and no request leaves with
 * them (an access token would still be good at the gateway until it expires).
 */
export class SessionEndedError extends Error {
  override name = 'SessionEndedError';
  constructor() {
    super('La sesión se cerró en otra pestaña. Ingrese nuevamente.');
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
  /** keycloak-js's `timeSkew` (seconds the browser's clock runs ahead of Keycloak's) when the tokens were kept. */
  timeSkew?: number;
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
        const { token, refreshToken, idToken, timeSkew } = value as Record<string, unknown>;
        if (typeof token !== 'string' || typeof refreshToken !== 'string') return undefined;
        return {
          token,
          refreshToken,
          ...(typeof idToken === 'string' ? { idToken } : {}),
          ...(typeof timeSkew === 'number' && Number.isFinite(timeSkew) ? { timeSkew } : {}),
        };
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

/** The operator a token names (its `preferred_username`), or undefined. */
function usernameOf(token: string | undefined): string | undefined {
  const name = jwtClaims(token)?.preferred_username;
  return typeof name === 'string' && name ? name : undefined;
}

/** The payload of a JWT (not verified: the gateway verifies it), or undefined when it is not one. */
export function jwtClaims(token: string | undefined): Record<string, unknown> | undefined {
  try {
    const part = token?.split('.')[1];
    if (!part) return undefined;
    const base64 = part.replaceAll('-', '+').replaceAll('_', '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a kept access token is still good for at least MIN_TOKEN_VALIDITY_SECONDS by Keycloak's clock (the
 * browser's, corrected by the kept `timeSkew`, as keycloak-js itself judges it).
 */
export function keptTokenUsable(tokens: TabSessionTokens, nowMs: number): boolean {
  const exp = jwtClaims(tokens.token)?.exp;
  if (typeof exp !== 'number') return false;
  const expiresIn = exp - Math.ceil(nowMs / 1000) + (tokens.timeSkew ?? 0);
  return expiresIn > MIN_TOKEN_VALIDITY_SECONDS;
}

/**
 * The tab's session resumed from its kept tokens (one token refresh), or false when there are none or Keycloak
 * refuses the refresh (ended session, restarted realm): the caller then checks the SSO session silently.
 */
async function resumeTabSession(keycloak: Keycloak, tokens: TabSessionTokens | undefined): Promise<boolean> {
  if (!tokens) return false;
  const { timeSkew: _skew, ...keycloakTokens } = tokens;
  try {
    return await keycloak.init({ ...keycloakTokens, pkceMethod: 'S256', checkLoginIframe: false });
  } catch {
    return false;
  }
}

/**
 * Starts keycloak-js: the tab's kept session if Keycloak still renews it, else silent check-sso (PKCE S256, no
 * login iframe), then the login page if there is no session (every route needs sign-in). Resolves only when signed
 * in. The account profile is not read: who the operator is comes from the gateway's `me`, and that request waits
 * for nothing but the token.
 *
 * A tab whose kept access token is still valid (a reload, an address typed in the same tab) resolves at once:
 * the first requests carry that token while keycloak-js resumes the session (its one token refresh)
 * behind them; a request that needs a token after that waits for the resume, and a refused one goes through the
 * silent check and the login page as above. The gateway verifies every token itself, so the kept one is worth
 * exactly what it was when the tab kept it.
 */
export async function startAuth(config: BackofficeConfig): Promise<AuthSession> {
  const newKeycloak = () =>
    new Keycloak({ url: config.keycloakUrl, realm: config.realm, clientId: config.clientId });
  const origin = window.location.origin;
  const kept = tabSessionStore(safeSessionStorage());
  const tokens = kept.read();
  let keycloak = newKeycloak();
  // The login page in Spanish (`ui_locales=es`), also the one after the idle limit.
  const redirectToLogin = () => keycloak.login({ redirectUri: window.location.href, locale: 'es' });

  /** keycloak-js signed in: the kept session renewed, else the SSO session checked silently, else the login page. */
  const signIn = async (): Promise<void> => {
    let authenticated = await resumeTabSession(keycloak, tokens);
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
    if (!authenticated) {
      await redirectToLogin();
      return navigatingAway<void>();
    }
    const keep = () =>
      kept.write({
        token: keycloak.token,
        refreshToken: keycloak.refreshToken,
        idToken: keycloak.idToken,
        timeSkew: keycloak.timeSkew ?? 0,
      });
    keep();
    keycloak.onAuthRefreshSuccess = keep;
    keycloak.onAuthRefreshError = kept.forget;
    keycloak.onAuthLogout = kept.forget;
    keycloak.onTokenExpired = () => {
      getToken().catch(() => undefined); // a refused refresh goes to the login page; an ended session says so
    };
  };

  // The kept token, while it is valid and keycloak-js has not signed in yet.
  let early = tokens && keptTokenUsable(tokens, Date.now()) ? tokens.token : undefined;
  const signedIn = signIn().finally(() => {
    early = undefined;
  });
  if (!early) await signedIn;
  else signedIn.catch(() => undefined); // a failure then redirects; requests waiting for a token wait with it

  // After start-up (expired session, refused token) a redirect is allowed once per 30 s: when the gateway
  // refuses even a fresh session, the screen shows the error instead of bouncing through the login page.
  const login = async (): Promise<boolean> => {
    if (!allowLoginRedirect(safeSessionStorage(), Date.now())) return false;
    kept.forget();
    await redirectToLogin();
    return true;
  };
  // A sign-out in another tab of the browser ends this tab's session too (lib/session-end.ts).
  let ended = false;
  const endedListeners = new Set<() => void>();
  const signedInAs = usernameOf(early ?? keycloak.token);
  let sessionEnd: SessionEndWatch | null = null;
  const endHere = () => {
    ended = true;
    // What the tab kept for the operator goes as in the tab that signed out (a shared workstation).
    kept.forget();
    forgetOperator(signedInAs);
    for (const listener of [...endedListeners]) listener();
    endedListeners.clear();
  };

  let refreshing: Promise<string> | undefined;
  const getToken = (): Promise<string> => {
    if (ended) return Promise.reject(new SessionEndedError());
    if (early && tokens && keptTokenUsable(tokens, Date.now())) return Promise.resolve(early);
    refreshing ??= signedIn
      .then(() => keycloak.updateToken(MIN_TOKEN_VALIDITY_SECONDS))
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

  // The tab's storage is the operator's before anything reads it (the router's preloads, the lists): another
  // operator's list states and searches go.
  claimOperatorStorage(signedInAs);
  return {
    get keycloak() {
      return keycloak;
    },
    claims: jwtClaims(early ?? keycloak.token),
    getToken,
    login,
    get ended() {
      return ended;
    },
    onEnded(listener) {
      if (ended) {
        listener();
        return () => undefined;
      }
      endedListeners.add(listener);
      return () => void endedListeners.delete(listener);
    },
    listenForSignOut(watch) {
      if (!sessionEnd && !ended) sessionEnd = watch(signedInAs, endHere);
    },
    logout: async () => {
      kept.forget();
      // The other tabs stop before this one leaves for Keycloak's page.
      sessionEnd?.announce();
      sessionEnd?.stop();
      await signedIn;
      // Now, and once more as the document goes: what a request still answering might keep before then goes too.
      const forget = () => forgetOperator(usernameOf(keycloak.token));
      forget();
      window.addEventListener('pagehide', forget, { once: true });
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
