import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response, type NextFunction } from 'express';
import { exportSPKI, type JWTPayload } from 'jose';
import type { RealmKeys } from './keys.js';
import {
  accountPage,
  errorPage,
  loggedOutPage,
  LOGIN_TEXTS,
  loginLocaleOf,
  loginPage,
  type LoginLocale,
  loginStatusIframe,
  thirdPartyCookiesStep1,
  thirdPartyCookiesStep2,
} from './pages.js';
import { isAllowedOrigin, matchesRedirectUri, type Client, type Realm, type User } from './realm.js';
import { attackDetectionRouter } from './attack-detection.js';
import { createBruteForceGuard } from './brute-force.js';
import { nowSeconds, type Session, type SessionStore } from './sessions.js';
import { profileClaims, type TokenIssuer } from './tokens.js';

export interface AppContext {
  realm: Realm;
  keys: RealmKeys;
  sessions: SessionStore;
  tokens: TokenIssuer;
  /** Public base URL, e.g. http://localhost:8080 (no trailing slash). */
  publicUrl: string;
  /** Keycloak's admin endpoints that clear a brute-force lockout, without an admin token (test stacks only). */
  attackDetectionAdmin?: boolean;
}

/** An authorization request waiting for the login form, carried signed in the form's action. */
interface AuthRequest {
  clientId: string;
  redirectUri: string;
  responseMode: 'query' | 'fragment';
  state?: string;
  nonce?: string;
  scope?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  /** The login page's language, from `ui_locales` (kept for the page shown again after a wrong password). */
  locale?: LoginLocale;
}

interface CodeEntry extends AuthRequest {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

const IDENTITY_COOKIE = 'KEYCLOAK_IDENTITY';
/** Ties the login form to the browser that opened it (as Keycloak's AUTH_SESSION_ID): a cross-site POST lacks it. */
const AUTH_SESSION_COOKIE = 'AUTH_SESSION_ID';
const COOKIE_NOT_FOUND = 'Cookie not found. Please make sure cookies are enabled in your browser.';
const SESSION_COOKIE = 'KEYCLOAK_SESSION';
const CODE_TTL_SECONDS = 60;
const LOGIN_TTL_SECONDS = 1800;
const PKCE_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
const CORS_ALLOW_HEADERS =
  'Origin, Accept, X-Requested-With, Content-Type, Access-Control-Request-Method, Access-Control-Request-Headers, Authorization, DPoP';

/** Client errors in Keycloak's shape. */
class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

const single = (source: unknown, name: string): string | undefined => {
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[name];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

const parseCookies = (header: string | undefined): Record<string, string> => {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const name = part.slice(0, i).trim();
    if (!name || name in cookies) continue;
    try {
      cookies[name] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      cookies[name] = part.slice(i + 1).trim();
    }
  }
  return cookies;
};

const safeEqual = (a: string, b: string): boolean => {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a === b;
};

const s256 = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** Appends response parameters to a redirect URI, in the query or in the fragment. */
const withResponseParams = (
  redirectUri: string,
  mode: 'query' | 'fragment',
  params: Record<string, string | undefined>,
): string => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.append(k, v);
  if (mode === 'fragment') {
    return `${redirectUri}${redirectUri.includes('#') ? '&' : '#'}${search.toString()}`;
  }
  const hashAt = redirectUri.indexOf('#');
  const base = hashAt >= 0 ? redirectUri.slice(0, hashAt) : redirectUri;
  const hash = hashAt >= 0 ? redirectUri.slice(hashAt) : '';
  return `${base}${base.includes('?') ? '&' : '?'}${search.toString()}${hash}`;
};

export const createApp = (ctx: AppContext): express.Express => {
  const { realm, sessions, tokens } = ctx;
  const realmPath = `/realms/${realm.name}`;
  const oidcPath = `${realmPath}/protocol/openid-connect`;
  const issuer = tokens.issuer;
  const secureCookies = ctx.publicUrl.startsWith('https:');
  const codes = new Map<string, CodeEntry>();
  const bruteForce = createBruteForceGuard(realm.bruteForce);
  const allWebOrigins = [...new Set([...realm.clients.values()].flatMap((c) => c.webOrigins))];

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const form = express.urlencoded({ extended: false, limit: '64kb' });

  // ---- helpers ---------------------------------------------------------------------------

  const sendHtml = (res: Response, status: number, html: string, frameable = false): void => {
    res.status(status);
    res.set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store, must-revalidate, max-age=0',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'none',
    });
    if (!frameable) {
      res.set({
        'X-Frame-Options': 'SAMEORIGIN',
        'Content-Security-Policy': "frame-src 'self'; frame-ancestors 'self'; object-src 'none';",
      });
    }
    res.send(html);
  };

  const sendError = (res: Response, status: number, message: string): void =>
    sendHtml(res, status, errorPage(realm.displayName, message));

  const sendOAuthError = (res: Response, err: OAuthError): void => {
    res
      .status(err.status)
      .set('Cache-Control', 'no-store')
      .json({ error: err.error, error_description: err.description });
  };

  const cookieAttributes = (httpOnly: boolean): string =>
    `Path=${realmPath}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}${secureCookies ? '; Secure' : ''}`;

  const setSessionCookies = async (res: Response, user: User, session: Session): Promise<void> => {
    const identity = await tokens.identityCookie(user, session);
    res.append('Set-Cookie', `${IDENTITY_COOKIE}=${identity}; ${cookieAttributes(true)}`);
    res.append(
      'Set-Cookie',
      `${SESSION_COOKIE}=${encodeURIComponent(session.id)}; ${cookieAttributes(false)}`,
    );
  };

  const clearSessionCookies = (res: Response): void => {
    const expired = 'Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
    res.append('Set-Cookie', `${IDENTITY_COOKIE}=; ${expired}; ${cookieAttributes(true)}`);
    res.append('Set-Cookie', `${SESSION_COOKIE}=; ${expired}; ${cookieAttributes(false)}`);
  };

  /** The SSO session named by the request's identity cookie, if still active. */
  const cookieSession = async (req: Request): Promise<{ session: Session; user: User } | undefined> => {
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
  };

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

  const redirectWithCode = (res: Response, request: AuthRequest, user: User, session: Session): void => {
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
  };

  const redirectWithError = (
    res: Response,
    request: Pick<AuthRequest, 'redirectUri' | 'responseMode' | 'state'>,
    error: string,
    description?: string,
  ): void => {
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
  };

  const loginAction = async (request: AuthRequest, authSessionId: string): Promise<string> => {
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
  };

  /**
   * A user's password check, counted by the brute-force guard (a locked user is refused even with the right
   * password); a valid check of an enabled user clears the user's failures.
   */
  const checkPassword = (username: string, password: string): { user?: User; valid: boolean } => {
    const user = realm.findUser(username);
    const locked = user !== undefined && bruteForce.isLocked(user.id);
    const valid = !locked && user?.password !== undefined && safeEqual(password, user.password);
    if (user && !locked && !valid) bruteForce.failed(user.id);
    if (user && valid && user.enabled) bruteForce.succeeded(user.id);
    return { user, valid };
  };

  /** CORS for an allowed origin, always with credentials (keycloak-js posts with credentials: 'include'). */
  const applyCors = (req: Request, res: Response, allowed: readonly string[]): void => {
    const origin = req.headers.origin;
    if (!isAllowedOrigin(origin, allowed)) return;
    res.set({
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Expose-Headers': 'Access-Control-Allow-Methods',
    });
    res.vary('Origin');
  };

  const preflight =
    (methods: string) =>
    (req: Request, res: Response): void => {
      res.vary('Origin');
      if (isAllowedOrigin(req.headers.origin, allWebOrigins)) {
        res.set({
          'Access-Control-Allow-Origin': req.headers.origin,
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Allow-Methods': methods,
          'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
          'Access-Control-Max-Age': '3600',
        });
      }
      res.status(200).end();
    };

  const publicCors = (_req: Request, res: Response, next: NextFunction): void => {
    res.set('Access-Control-Allow-Origin', '*');
    next();
  };

  /** Verifies a bearer access token and its session, as the userinfo and account endpoints do. */
  const bearerUser = async (req: Request): Promise<{ user: User; token: JWTPayload }> => {
    const header = req.headers.authorization;
    let raw: string | undefined;
    if (header) {
      const match = /^bearer\s+(\S+)$/i.exec(header.trim());
      if (!match) throw new OAuthError(401, 'invalid_request', 'Invalid authorization header');
      raw = match[1];
    } else {
      raw = single(req.body, 'access_token');
    }
    if (!raw) throw new OAuthError(401, 'invalid_request', 'Token not provided');
    const token = await tokens.verifyRealmToken(raw);
    if (!token || token.typ !== 'Bearer' || typeof token.sub !== 'string') {
      throw new OAuthError(401, 'invalid_token', 'Token verification failed');
    }
    const user = realm.findUserById(token.sub);
    const session =
      typeof token.sid === 'string'
        ? sessions.get(token.sid, {
            userId: token.sub,
            authTime: typeof token.auth_time === 'number' ? token.auth_time : nowSeconds(),
            lastSeen: nowSeconds(),
          })
        : undefined;
    if (!user?.enabled || !session) {
      throw new OAuthError(
        401,
        'invalid_token',
        "User session not found or doesn't have client attached on it",
      );
    }
    return { user, token };
  };

  const tokenOrigins = (token: JWTPayload | undefined): string[] => {
    const origins = token?.['allowed-origins'];
    return Array.isArray(origins) ? origins.filter((o): o is string => typeof o === 'string') : [];
  };

  const sendBearerError = (res: Response, err: OAuthError): void => {
    res.set(
      'WWW-Authenticate',
      `Bearer realm="${realm.name}", error="${err.error}", error_description="${err.description.replace(/"/g, "'")}"`,
    );
    sendOAuthError(res, err);
  };

  // ---- discovery and keys ------------------------------------------------------------------

  app.get(`${realmPath}/.well-known/openid-configuration`, publicCors, (_req, res) => {
    res.json({
      issuer,
      authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
      jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      check_session_iframe: `${issuer}/protocol/openid-connect/login-status-iframe.html`,
      frontchannel_logout_session_supported: true,
      frontchannel_logout_supported: true,
      grant_types_supported: ['authorization_code', 'refresh_token', 'password'],
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'fragment'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      userinfo_signing_alg_values_supported: ['none'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['plain', 'S256'],
      scopes_supported: ['openid', 'profile', 'email', 'roles', 'web-origins', 'acr', 'basic'],
      claims_supported: [
        'aud',
        'sub',
        'iss',
        'auth_time',
        'name',
        'given_name',
        'family_name',
        'preferred_username',
        'email',
        'email_verified',
        'acr',
        'azp',
      ],
      claims_parameter_supported: false,
      request_parameter_supported: false,
      request_uri_parameter_supported: false,
      require_request_uri_registration: false,
      backchannel_logout_supported: false,
      authorization_response_iss_parameter_supported: true,
    });
  });

  app.get(`${oidcPath}/certs`, publicCors, (_req, res) => {
    res.set('Cache-Control', 'no-cache').json({ keys: [ctx.keys.publicJwk] });
  });

  // ---- authorization endpoint ----------------------------------------------------------------

  const authorize = async (req: Request, res: Response): Promise<void> => {
    const params: unknown = req.method === 'POST' ? req.body : req.query;
    const clientId = single(params, 'client_id');
    const client = clientId ? realm.clients.get(clientId) : undefined;
    if (!client) return sendError(res, 400, 'Client not found.');
    if (!client.enabled) return sendError(res, 400, 'Client disabled.');
    if (client.bearerOnly) {
      return sendError(res, 400, 'Bearer-only applications are not allowed to initiate browser login.');
    }
    const redirectUri = single(params, 'redirect_uri');
    if (!redirectUri || !matchesRedirectUri(redirectUri, client.redirectUris)) {
      return sendError(res, 400, 'Invalid parameter: redirect_uri');
    }
    const state = single(params, 'state');
    const rawMode = single(params, 'response_mode');
    if (rawMode !== undefined && rawMode !== 'query' && rawMode !== 'fragment') {
      return redirectWithError(
        res,
        { redirectUri, responseMode: 'query', state },
        'invalid_request',
        'Invalid parameter: response_mode',
      );
    }
    const request: AuthRequest = {
      clientId: client.clientId,
      redirectUri,
      responseMode: rawMode ?? 'query',
      state,
      nonce: single(params, 'nonce'),
      scope: single(params, 'scope'),
      locale: loginLocaleOf(single(params, 'ui_locales')),
    };
    const responseType = single(params, 'response_type');
    if (!responseType)
      return redirectWithError(res, request, 'invalid_request', 'Missing parameter: response_type');
    if (responseType !== 'code') {
      const implicit = responseType.split(' ').some((t) => t === 'token' || t === 'id_token');
      return redirectWithError(
        res,
        request,
        implicit ? 'unauthorized_client' : 'unsupported_response_type',
        implicit
          ? 'Client is not allowed to initiate browser login with given response_type. Implicit flow is disabled for the client.'
          : 'Unsupported response_type',
      );
    }
    if (!client.standardFlowEnabled) {
      return redirectWithError(
        res,
        request,
        'unauthorized_client',
        'Client is not allowed to initiate browser login with given response_type. Standard flow is disabled for the client.',
      );
    }
    const challenge = single(params, 'code_challenge');
    const challengeMethod = single(params, 'code_challenge_method');
    if (client.pkceMethod) {
      if (!challengeMethod) {
        return redirectWithError(res, request, 'invalid_request', 'Missing parameter: code_challenge_method');
      }
      if (challengeMethod !== client.pkceMethod) {
        return redirectWithError(
          res,
          request,
          'invalid_request',
          'Invalid parameter: code challenge method is not configured one',
        );
      }
      if (!challenge)
        return redirectWithError(res, request, 'invalid_request', 'Missing parameter: code_challenge');
    }
    if (challenge !== undefined) {
      const method = challengeMethod ?? 'plain';
      if (method !== 'plain' && method !== 'S256') {
        return redirectWithError(res, request, 'invalid_request', 'Invalid parameter: code_challenge_method');
      }
      if (!PKCE_PATTERN.test(challenge)) {
        return redirectWithError(res, request, 'invalid_request', 'Invalid parameter: code_challenge');
      }
      request.codeChallenge = challenge;
      request.codeChallengeMethod = method;
    }

    const prompts = (single(params, 'prompt') ?? '').split(' ').filter(Boolean);
    if (prompts.includes('none') && prompts.length > 1) {
      return redirectWithError(res, request, 'invalid_request', 'Invalid parameter: prompt');
    }
    const rawMaxAge = single(params, 'max_age');
    const maxAge = rawMaxAge !== undefined && /^\d+$/.test(rawMaxAge) ? Number(rawMaxAge) : undefined;
    const current = await cookieSession(req);
    const fresh = current && (maxAge === undefined || nowSeconds() - current.session.authTime <= maxAge);

    if (prompts.includes('none')) {
      if (current && fresh) return redirectWithCode(res, request, current.user, current.session);
      return redirectWithError(res, request, 'login_required');
    }
    if (current && fresh && !prompts.includes('login')) {
      return redirectWithCode(res, request, current.user, current.session);
    }
    const authSessionId = randomBytes(16).toString('base64url');
    res.append('Set-Cookie', `${AUTH_SESSION_COOKIE}=${authSessionId}; ${cookieAttributes(true)}`);
    sendHtml(
      res,
      200,
      loginPage({
        realmDisplayName: realm.displayName,
        action: await loginAction(request, authSessionId),
        username: single(params, 'login_hint'),
        locale: request.locale,
      }),
    );
  };

  app.get(`${oidcPath}/auth`, authorize);
  app.post(`${oidcPath}/auth`, form, authorize);

  // ---- login form -----------------------------------------------------------------------------

  app.post(`${realmPath}/login-actions/authenticate`, form, async (req, res) => {
    const sessionCode = single(req.query, 'session_code');
    const payload = sessionCode ? await tokens.verifyHmac(sessionCode, 'Auth-Request') : undefined;
    const request = payload?.req as AuthRequest | undefined;
    const client = request ? realm.clients.get(request.clientId) : undefined;
    if (!request || !client || !matchesRedirectUri(request.redirectUri, client.redirectUris)) {
      return sendError(res, 400, 'Your login attempt timed out. Login will start from the beginning.');
    }
    const browserSession = parseCookies(req.headers.cookie)[AUTH_SESSION_COOKIE];
    if (typeof payload?.asid !== 'string' || !browserSession || !safeEqual(browserSession, payload.asid)) {
      return sendError(res, 400, COOKIE_NOT_FOUND);
    }
    const username = single(req.body, 'username') ?? '';
    const { user, valid } = checkPassword(username, single(req.body, 'password') ?? '');
    if (!user || !valid || !user.enabled) {
      const again = new URLSearchParams({ session_code: sessionCode!, client_id: client.clientId });
      return sendHtml(
        res,
        200,
        loginPage({
          realmDisplayName: realm.displayName,
          action: `${realmPath}/login-actions/authenticate?${again.toString()}`,
          username,
          locale: request.locale,
          error: LOGIN_TEXTS[request.locale ?? 'en'][user && valid ? 'disabled' : 'invalid'],
        }),
      );
    }
    const session = sessions.create(user.id);
    await setSessionCookies(res, user, session);
    res.append('Set-Cookie', `${AUTH_SESSION_COOKIE}=; Max-Age=0; ${cookieAttributes(true)}`);
    redirectWithCode(res, request, user, session);
  });

  // ---- token endpoint -------------------------------------------------------------------------

  const authenticateClient = (req: Request): Client => {
    let clientId = single(req.body, 'client_id');
    let secret = single(req.body, 'client_secret');
    const basic = /^basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (basic) {
      const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
      const i = decoded.indexOf(':');
      if (i > 0) {
        clientId = decodeURIComponent(decoded.slice(0, i));
        secret = decodeURIComponent(decoded.slice(i + 1));
      }
    }
    const client = clientId ? realm.clients.get(clientId) : undefined;
    if (!client || !client.enabled) {
      throw new OAuthError(401, 'invalid_client', 'Invalid client or Invalid client credentials');
    }
    if (client.bearerOnly) throw new OAuthError(400, 'unauthorized_client', 'Bearer-only not allowed');
    if (!client.publicClient && (!client.secret || !secret || !safeEqual(secret, client.secret))) {
      throw new OAuthError(401, 'unauthorized_client', 'Invalid client or Invalid client credentials');
    }
    return client;
  };

  const authorizationCodeGrant = async (req: Request, client: Client) => {
    const code = single(req.body, 'code');
    if (!code) throw new OAuthError(400, 'invalid_request', 'Missing parameter: code');
    const entry = codes.get(code);
    codes.delete(code);
    if (!entry || entry.expiresAt < nowSeconds() || entry.clientId !== client.clientId) {
      throw new OAuthError(400, 'invalid_grant', 'Code not valid');
    }
    if (single(req.body, 'redirect_uri') !== entry.redirectUri) {
      throw new OAuthError(400, 'invalid_grant', 'Incorrect redirect_uri');
    }
    if (entry.codeChallenge) {
      const verifier = single(req.body, 'code_verifier');
      if (!verifier) throw new OAuthError(400, 'invalid_grant', 'PKCE code verifier not specified');
      if (!PKCE_PATTERN.test(verifier))
        throw new OAuthError(400, 'invalid_grant', 'PKCE invalid code verifier');
      const computed = entry.codeChallengeMethod === 'S256' ? s256(verifier) : verifier;
      if (!safeEqual(computed, entry.codeChallenge)) {
        throw new OAuthError(400, 'invalid_grant', 'PKCE verification failed: Code mismatch');
      }
    }
    const session = sessions.get(entry.sessionId);
    const user = realm.findUserById(entry.userId);
    if (!session || !user?.enabled) throw new OAuthError(400, 'invalid_grant', 'Session not active');
    return tokens.tokenResponse(user, client, session, entry.scope, entry.nonce);
  };

  const refreshTokenGrant = async (req: Request, client: Client) => {
    const raw = single(req.body, 'refresh_token');
    if (!raw) throw new OAuthError(400, 'invalid_request', 'Missing parameter: refresh_token');
    const payload = await tokens.verifyHmac(raw, 'Refresh');
    if (!payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
      throw new OAuthError(400, 'invalid_grant', 'Invalid refresh token');
    }
    if (payload.azp !== client.clientId) {
      throw new OAuthError(
        400,
        'invalid_grant',
        "Invalid refresh token. Token client and authorized client don't match",
      );
    }
    const session = sessions.get(payload.sid, {
      userId: payload.sub,
      authTime: typeof payload.auth_time === 'number' ? payload.auth_time : nowSeconds(),
      lastSeen: typeof payload.iat === 'number' ? payload.iat : nowSeconds(),
    });
    const user = realm.findUserById(payload.sub);
    if (!session || !user?.enabled) throw new OAuthError(400, 'invalid_grant', 'Session not active');
    return tokens.tokenResponse(
      user,
      client,
      session,
      typeof payload.scope === 'string' ? payload.scope : undefined,
      typeof payload.nonce === 'string' ? payload.nonce : undefined,
    );
  };

  /**
   * Keycloak's direct access grant (resource owner password credentials), for clients with
   * directAccessGrantsEnabled only, as Keycloak 26 answers it (errors included).
   */
  const passwordGrant = async (req: Request, client: Client) => {
    if (!client.directAccessGrantsEnabled) {
      throw new OAuthError(400, 'unauthorized_client', 'Client not allowed for direct access grants');
    }
    const username = single(req.body, 'username');
    if (!username) throw new OAuthError(401, 'invalid_request', 'Missing parameter: username');
    const { user, valid } = checkPassword(username, single(req.body, 'password') ?? '');
    if (!user || !valid) throw new OAuthError(401, 'invalid_grant', 'Invalid user credentials');
    if (!user.enabled) throw new OAuthError(400, 'invalid_grant', 'Account disabled');
    return tokens.tokenResponse(user, client, sessions.create(user.id), single(req.body, 'scope'), undefined);
  };

  app.options(`${oidcPath}/token`, preflight('POST, OPTIONS'));
  app.post(`${oidcPath}/token`, form, async (req, res) => {
    const requestedClient = realm.clients.get(single(req.body, 'client_id') ?? '');
    applyCors(req, res, requestedClient ? requestedClient.webOrigins : allWebOrigins);
    try {
      const client = authenticateClient(req);
      const grantType = single(req.body, 'grant_type');
      let response;
      if (grantType === 'authorization_code') response = await authorizationCodeGrant(req, client);
      else if (grantType === 'refresh_token') response = await refreshTokenGrant(req, client);
      else if (grantType === 'password') response = await passwordGrant(req, client);
      else if (!grantType) throw new OAuthError(400, 'invalid_request', 'Missing form parameter: grant_type');
      else throw new OAuthError(400, 'unsupported_grant_type', 'Unsupported grant_type');
      res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json(response);
    } catch (err) {
      if (err instanceof OAuthError) return sendOAuthError(res, err);
      throw err;
    }
  });

  // ---- userinfo and account ---------------------------------------------------------------------

  const userinfo = async (req: Request, res: Response): Promise<void> => {
    try {
      const { user, token } = await bearerUser(req);
      applyCors(req, res, tokenOrigins(token));
      res.set('Cache-Control', 'no-store').json({ sub: user.id, ...profileClaims(user) });
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      applyCors(req, res, allWebOrigins);
      sendBearerError(res, err);
    }
  };
  app.options(`${oidcPath}/userinfo`, preflight('GET, POST, OPTIONS'));
  app.get(`${oidcPath}/userinfo`, userinfo);
  app.post(`${oidcPath}/userinfo`, form, userinfo);

  app.options(`${realmPath}/account`, preflight('GET, OPTIONS'));
  app.get(`${realmPath}/account`, async (req, res) => {
    if (!req.headers.authorization && !String(req.headers.accept ?? '').includes('json')) {
      return sendHtml(res, 200, accountPage(realm.displayName));
    }
    try {
      const { user, token } = await bearerUser(req);
      applyCors(req, res, tokenOrigins(token));
      const accountRoles = (token.resource_access as Record<string, { roles?: string[] }> | undefined)
        ?.account?.roles;
      if (!accountRoles?.some((r) => r === 'view-profile' || r === 'manage-account')) {
        throw new OAuthError(403, 'access_denied', 'Missing role view-profile of the account client');
      }
      res.set('Cache-Control', 'no-store').json({
        id: user.id,
        username: user.username,
        ...(user.firstName ? { firstName: user.firstName } : {}),
        ...(user.lastName ? { lastName: user.lastName } : {}),
        ...(user.email ? { email: user.email } : {}),
        emailVerified: user.emailVerified,
      });
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      applyCors(req, res, allWebOrigins);
      if (err.status === 401) return sendBearerError(res, err);
      sendOAuthError(res, err);
    }
  });

  // ---- logout -----------------------------------------------------------------------------------

  const logout = async (req: Request, res: Response): Promise<void> => {
    const params: unknown = req.method === 'POST' ? req.body : req.query;
    const idTokenHint = single(params, 'id_token_hint');
    const postLogoutRedirectUri = single(params, 'post_logout_redirect_uri');
    const clientIdParam = single(params, 'client_id');
    const state = single(params, 'state');

    let hint: JWTPayload | undefined;
    if (idTokenHint) {
      hint = await tokens.verifyRealmToken(idTokenHint, { ignoreExpiry: true });
      if (!hint) return sendError(res, 400, 'Invalid IDToken');
    }
    const hintClientId =
      typeof hint?.azp === 'string' ? hint.azp : typeof hint?.aud === 'string' ? hint.aud : undefined;
    if (hintClientId && clientIdParam && hintClientId !== clientIdParam) {
      return sendError(res, 400, 'Parameter client_id does not match the client from id_token_hint');
    }
    const clientId = hintClientId ?? clientIdParam;
    const client = clientId ? realm.clients.get(clientId) : undefined;
    if (postLogoutRedirectUri) {
      if (!clientId) return sendError(res, 400, 'Missing parameters: id_token_hint');
      if (!client || !matchesRedirectUri(postLogoutRedirectUri, client.postLogoutRedirectUris)) {
        return sendError(res, 400, 'Invalid redirect uri');
      }
    }

    const current = await cookieSession(req);
    if (current) sessions.end(current.session.id);
    if (typeof hint?.sid === 'string') sessions.end(hint.sid);
    clearSessionCookies(res);

    if (postLogoutRedirectUri) {
      res.set('Cache-Control', 'no-store');
      const target = state
        ? withResponseParams(postLogoutRedirectUri, 'query', { state })
        : postLogoutRedirectUri;
      return res.redirect(302, target);
    }
    sendHtml(res, 200, loggedOutPage(realm.displayName));
  };
  app.get(`${oidcPath}/logout`, logout);
  app.post(`${oidcPath}/logout`, form, logout);

  // ---- iframes keycloak-js loads ----------------------------------------------------------------

  app.get(`${oidcPath}/3p-cookies/step1.html`, (_req, res) =>
    sendHtml(res, 200, thirdPartyCookiesStep1, true),
  );
  app.get(`${oidcPath}/3p-cookies/step2.html`, (_req, res) =>
    sendHtml(res, 200, thirdPartyCookiesStep2, true),
  );
  app.get(`${oidcPath}/login-status-iframe.html`, (_req, res) => sendHtml(res, 200, loginStatusIframe, true));
  app.get(`${oidcPath}/login-status-iframe.html/init`, (req, res) => {
    const client = realm.clients.get(single(req.query, 'client_id') ?? '');
    const origin = single(req.query, 'origin');
    res.status(client && isAllowedOrigin(origin, client.webOrigins) ? 204 : 403).end();
  });

  if (ctx.attackDetectionAdmin) app.use(attackDetectionRouter(realm, bruteForce));

  // ---- everything else --------------------------------------------------------------------------

  app.get(realmPath, publicCors, async (_req, res) => {
    const pem = await exportSPKI(ctx.keys.publicKey);
    res.json({
      realm: realm.name,
      public_key: pem.replace(/-----[A-Z ]+-----|\s/g, ''),
      'token-service': `${issuer}/protocol/openid-connect`,
      'account-service': `${issuer}/account`,
      'tokens-not-before': 0,
    });
  });

  app.use((req, res) => {
    const inRealm = req.path === realmPath || req.path.startsWith(`${realmPath}/`);
    if (!inRealm && req.path.startsWith('/realms/')) {
      res.status(404).json({ error: 'Realm does not exist' });
      return;
    }
    res.status(404).json({
      error: 'Unable to find matching target resource method',
      error_description: 'For more on this error consult the server log.',
    });
  });

  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const status =
      typeof err === 'object' && err !== null && 'status' in err && typeof err.status === 'number'
        ? err.status
        : 500;
    if (status >= 500) console.error('keycloak-emulator:', err);
    res.status(status).json({
      error: status < 500 ? 'invalid_request' : 'unknown_error',
      error_description: status < 500 ? 'Invalid request' : 'For more on this error consult the server log.',
    });
  });

  return app;
};
