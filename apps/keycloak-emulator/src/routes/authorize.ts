/**
 * The browser sign-in: the authorization endpoint (its parameters checked as Keycloak 26 checks them, errors sent
 * back to the client's redirect URI once it is known), an SSO session reused when fresh, else the login form; the
 * form's POST checks the password and redirects with a code.
 */
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { AUTH_SESSION_COOKIE } from '../browser-session.js';
import type { EmulatorKit } from '../kit.js';
import { PKCE_PATTERN, parseCookies, safeEqual, single, type AuthRequest } from '../oauth.js';
import { LOGIN_TEXTS, loginLocaleOf, loginPage } from '../pages.js';
import { matchesRedirectUri, type Client } from '../realm.js';
import { nowSeconds } from '../sessions.js';
import { formBody, type Mount } from './form.js';

const COOKIE_NOT_FOUND = 'Cookie not found. Please make sure cookies are enabled in your browser.';
const STANDARD_FLOW_DISABLED =
  'Client is not allowed to initiate browser login with given response_type. Standard flow is disabled for the client.';
const IMPLICIT_FLOW_DISABLED =
  'Client is not allowed to initiate browser login with given response_type. Implicit flow is disabled for the client.';

/** A refusal sent to the client's redirect URI: its error and description. */
type Refusal = [error: string, description?: string];

/** The client and its redirect URI, or the error page's message (nothing is redirected to an unknown URI). */
function clientOf(kit: EmulatorKit, params: unknown): { client: Client; redirectUri: string } | string {
  const clientId = single(params, 'client_id');
  const client = clientId ? kit.realm.clients.get(clientId) : undefined;
  if (!client) return 'Client not found.';
  if (!client.enabled) return 'Client disabled.';
  if (client.bearerOnly) return 'Bearer-only applications are not allowed to initiate browser login.';
  const redirectUri = single(params, 'redirect_uri');
  if (!redirectUri || !matchesRedirectUri(redirectUri, client.redirectUris)) {
    return 'Invalid parameter: redirect_uri';
  }
  return { client, redirectUri };
}

/** The response type's refusal: only the code flow, and only for a client with the standard flow on. */
function responseTypeRefusal(client: Client, responseType: string | undefined): Refusal | null {
  if (!responseType) return ['invalid_request', 'Missing parameter: response_type'];
  if (responseType !== 'code') {
    const implicit = responseType.split(' ').some((t) => t === 'token' || t === 'id_token');
    return implicit
      ? ['unauthorized_client', IMPLICIT_FLOW_DISABLED]
      : ['unsupported_response_type', 'Unsupported response_type'];
  }
  return client.standardFlowEnabled ? null : ['unauthorized_client', STANDARD_FLOW_DISABLED];
}

/** PKCE: the client's required method, a known method and a well-formed challenge; kept on the request. */
function pkceRefusal(client: Client, params: unknown, request: AuthRequest): Refusal | null {
  const challenge = single(params, 'code_challenge');
  const challengeMethod = single(params, 'code_challenge_method');
  if (client.pkceMethod) {
    if (!challengeMethod) return ['invalid_request', 'Missing parameter: code_challenge_method'];
    if (challengeMethod !== client.pkceMethod) {
      return ['invalid_request', 'Invalid parameter: code challenge method is not configured one'];
    }
    if (!challenge) return ['invalid_request', 'Missing parameter: code_challenge'];
  }
  if (challenge === undefined) return null;
  const method = challengeMethod ?? 'plain';
  if (method !== 'plain' && method !== 'S256') {
    return ['invalid_request', 'Invalid parameter: code_challenge_method'];
  }
  if (!PKCE_PATTERN.test(challenge)) return ['invalid_request', 'Invalid parameter: code_challenge'];
  request.codeChallenge = challenge;
  request.codeChallengeMethod = method;
  return null;
}

/** The checked authorization request, or null when it was answered (an error page or an error redirect). */
function authorizationRequest(kit: EmulatorKit, params: unknown, res: Response): AuthRequest | null {
  const found = clientOf(kit, params);
  if (typeof found === 'string') {
    kit.sendError(res, 400, found);
    return null;
  }
  const { client, redirectUri } = found;
  const state = single(params, 'state');
  const rawMode = single(params, 'response_mode');
  if (rawMode !== undefined && rawMode !== 'query' && rawMode !== 'fragment') {
    const target = { redirectUri, responseMode: 'query' as const, state };
    kit.redirectWithError(res, target, 'invalid_request', 'Invalid parameter: response_mode');
    return null;
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
  const refusal =
    responseTypeRefusal(client, single(params, 'response_type')) ?? pkceRefusal(client, params, request);
  if (refusal) {
    kit.redirectWithError(res, request, ...refusal);
    return null;
  }
  return request;
}

/** GET or POST …/auth: a fresh SSO session gets its code at once (`prompt=none` needs one), else the login form. */
function authorize(kit: EmulatorKit) {
  return async (req: Request, res: Response): Promise<void> => {
    const params: unknown = req.method === 'POST' ? req.body : req.query;
    const request = authorizationRequest(kit, params, res);
    if (!request) return;
    const prompts = (single(params, 'prompt') ?? '').split(' ').filter(Boolean);
    if (prompts.includes('none') && prompts.length > 1) {
      return kit.redirectWithError(res, request, 'invalid_request', 'Invalid parameter: prompt');
    }
    const rawMaxAge = single(params, 'max_age');
    const maxAge = rawMaxAge !== undefined && /^\d+$/.test(rawMaxAge) ? Number(rawMaxAge) : undefined;
    const current = await kit.cookieSession(req);
    const fresh = current && (maxAge === undefined || nowSeconds() - current.session.authTime <= maxAge);

    if (prompts.includes('none')) {
      if (current && fresh) return kit.redirectWithCode(res, request, current.user, current.session);
      return kit.redirectWithError(res, request, 'login_required');
    }
    if (current && fresh && !prompts.includes('login')) {
      return kit.redirectWithCode(res, request, current.user, current.session);
    }
    const authSessionId = randomBytes(16).toString('base64url');
    res.append('Set-Cookie', `${AUTH_SESSION_COOKIE}=${authSessionId}; ${kit.cookieAttributes(true)}`);
    kit.sendHtml(
      res,
      200,
      loginPage({
        realmDisplayName: kit.realm.displayName,
        action: await kit.loginAction(request, authSessionId),
        username: single(params, 'login_hint'),
        locale: request.locale,
      }),
    );
  };
}

/** POST …/login-actions/authenticate: the login form, from the browser that opened it; a wrong password shows it again. */
function authenticate(kit: EmulatorKit) {
  const { realm, realmPath } = kit;
  return async (req: Request, res: Response): Promise<void> => {
    const sessionCode = single(req.query, 'session_code');
    const payload = sessionCode ? await kit.tokens.verifyHmac(sessionCode, 'Auth-Request') : undefined;
    const request = payload?.req as AuthRequest | undefined;
    const client = request ? realm.clients.get(request.clientId) : undefined;
    if (!request || !client || !matchesRedirectUri(request.redirectUri, client.redirectUris)) {
      return kit.sendError(res, 400, 'Your login attempt timed out. Login will start from the beginning.');
    }
    const browserSession = parseCookies(req.headers.cookie)[AUTH_SESSION_COOKIE];
    if (typeof payload?.asid !== 'string' || !browserSession || !safeEqual(browserSession, payload.asid)) {
      return kit.sendError(res, 400, COOKIE_NOT_FOUND);
    }
    const username = single(req.body, 'username') ?? '';
    const { user, valid } = kit.checkPassword(username, single(req.body, 'password') ?? '');
    if (!user || !valid || !user.enabled) {
      const again = new URLSearchParams({ session_code: sessionCode!, client_id: client.clientId });
      return kit.sendHtml(
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
    const session = kit.sessions.create(user.id);
    await kit.setSessionCookies(res, user, session);
    res.append('Set-Cookie', `${AUTH_SESSION_COOKIE}=; Max-Age=0; ${kit.cookieAttributes(true)}`);
    kit.redirectWithCode(res, request, user, session);
  };
}

export const authorizeRoutes: Mount = (app, kit) => {
  const handle = authorize(kit);
  app.get(`${kit.oidcPath}/auth`, handle);
  app.post(`${kit.oidcPath}/auth`, formBody, handle);
  app.post(`${kit.realmPath}/login-actions/authenticate`, formBody, authenticate(kit));
};
