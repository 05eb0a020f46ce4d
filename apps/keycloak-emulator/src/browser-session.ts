/**
 * The browser's side of the sign-in: the SSO session's cookies, the session a request's identity cookie names, the
 * login form's signed action, and the authorization codes with the redirects that carry them (or an error) back to
 * the client.
 */
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { withResponseParams, parseCookies, type AuthRequest } from './oauth.js';
import type { Realm, User } from './realm.js';
import { nowSeconds, type Session, type SessionStore } from './sessions.js';
import type { TokenIssuer } from './tokens.js';

export const IDENTITY_COOKIE = 'KEYCLOAK_IDENTITY';
/** Ties the login form to the browser that opened it (as Keycloak's AUTH_SESSION_ID): a cross-site POST lacks it. */
export const AUTH_SESSION_COOKIE = 'AUTH_SESSION_ID';
const SESSION_COOKIE = 'KEYCLOAK_SESSION';
const CODE_TTL_SECONDS = 60;
const LOGIN_TTL_SECONDS = 1800;

/** An authorization code waiting for the token endpoint. */
export interface CodeEntry extends AuthRequest {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

export interface BrowserSessionOptions {
  realm: Realm;
  sessions: SessionStore;
  tokens: TokenIssuer;
  realmPath: string;
  secureCookies: boolean;
}

export interface BrowserSession {
  /** The realm's cookies' attributes (its path, Lax, Secure over https). */
  cookieAttributes(httpOnly: boolean): string;
  setSessionCookies(res: Response, user: User, session: Session): Promise<void>;
  clearSessionCookies(res: Response): void;
  /** The SSO session named by the request's identity cookie, if still active. */
  cookieSession(req: Request): Promise<{ session: Session; user: User } | undefined>;
  /** The code's entry, taken (a code is used once), if any. */
  takeCode(code: string): CodeEntry | undefined;
  redirectWithCode(res: Response, request: AuthRequest, user: User, session: Session): void;
  redirectWithError(
    res: Response,
    request: Pick<AuthRequest, 'redirectUri' | 'responseMode' | 'state'>,
    error: string,
    description?: string,
  ): void;
  /** The login form's action: the request signed, tied to the browser's auth session. */
  loginAction(request: AuthRequest, authSessionId: string): Promise<string>;
}

export function browserSession({
  realm,
  sessions,
  tokens,
  realmPath,
  secureCookies,
}: BrowserSessionOptions): BrowserSession {
  const { issuer } = tokens;
  const codes = new Map<string, CodeEntry>();
  const cookieAttributes = (httpOnly: boolean): string =>
    `Path=${realmPath}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}${secureCookies ? '; Secure' : ''}`;

  const issueCode = (request: AuthRequest, user: User, session: Session): string => {
    const now = nowSeconds();
    for (const [key, entry] of codes) if (entry.expiresAt < now) codes.delete(key);
    const code = `${randomBytes(16).toString('hex')}.${session.id}.${randomBytes(16).toString('hex')}`;
    codes.set(code, {
      ...request,
      userId: user.id,
      sessionId: session.id,
      expiresAt: now + CODE_TTL_SECONDS,
    });
    return code;
  };

  return {
    cookieAttributes,
    async setSessionCookies(res, user, session) {
      const identity = await tokens.identityCookie(user, session);
      res.append('Set-Cookie', `${IDENTITY_COOKIE}=${identity}; ${cookieAttributes(true)}`);
      res.append(
        'Set-Cookie',
        `${SESSION_COOKIE}=${encodeURIComponent(session.id)}; ${cookieAttributes(false)}`,
      );
    },
    clearSessionCookies(res) {
      const expired = 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
      res.append('Set-Cookie', `${IDENTITY_COOKIE}=; ${expired}; ${cookieAttributes(true)}`);
      res.append('Set-Cookie', `${SESSION_COOKIE}=; ${expired}; ${cookieAttributes(false)}`);
    },
    async cookieSession(req) {
      const cookie = parseCookies(req.headers.cookie)[IDENTITY_COOKIE];
      if (!cookie) return undefined;
      const payload = await tokens.verifyHmac(cookie, 'Serialized-ID');
      if (!payload || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return undefined;
      const user = realm.findUserById(payload.sub);
      if (!user?.enabled) return undefined;
      const session = sessions.get(payload.sid, {
        userId: payload.sub,
        authTime: typeof payload.auth_time === 'number' ? payload.auth_time : nowSeconds(),
        lastSeen: nowSeconds(),
      });
      return session ? { session, user } : undefined;
    },
    takeCode(code) {
      const entry = codes.get(code);
      codes.delete(code);
      return entry;
    },
    redirectWithCode(res, request, user, session) {
      const code = issueCode(request, user, session);
      res.set('Cache-Control', 'no-store');
      res.redirect(
        302,
        withResponseParams(request.redirectUri, request.responseMode, {
          state: request.state,
          session_state: session.id,
          iss: issuer,
          code,
        }),
      );
    },
    redirectWithError(res, request, error, description) {
      res.set('Cache-Control', 'no-store');
      res.redirect(
        302,
        withResponseParams(request.redirectUri, request.responseMode, {
          error,
          error_description: description,
          state: request.state,
          iss: issuer,
        }),
      );
    },
    async loginAction(request, authSessionId) {
      const token = await tokens.signHmac({
        typ: 'Auth-Request',
        iss: issuer,
        iat: nowSeconds(),
        exp: nowSeconds() + LOGIN_TTL_SECONDS,
        req: request,
        asid: authSessionId,
      });
      const params = new URLSearchParams({ session_code: token, client_id: request.clientId });
      return `${realmPath}/login-actions/authenticate?${params.toString()}`;
    },
  };
}
