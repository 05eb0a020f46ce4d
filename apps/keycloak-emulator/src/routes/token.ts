/**
 * The token endpoint: the client authenticated, then its grant (authorization code with PKCE, refresh token,
 * Keycloak's direct access grant), errors in Keycloak's shape.
 */
import type { Request } from 'express';
import type { EmulatorKit } from '../kit.js';
import { OAuthError, PKCE_PATTERN, s256, safeEqual, single } from '../oauth.js';
import type { Client } from '../realm.js';
import { nowSeconds } from '../sessions.js';
import { formBody, type Mount } from './form.js';

type Grant = (kit: EmulatorKit, req: Request, client: Client) => Promise<unknown>;

const authorizationCodeGrant: Grant = async (kit, req, client) => {
  const code = single(req.body, 'code');
  if (!code) throw new OAuthError(400, 'invalid_request', 'Missing parameter: code');
  const entry = kit.takeCode(code);
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
  const session = kit.sessions.get(entry.sessionId);
  const user = kit.realm.findUserById(entry.userId);
  if (!session || !user?.enabled) throw new OAuthError(400, 'invalid_grant', 'Session not active');
  return kit.tokens.tokenResponse(user, client, session, entry.scope, entry.nonce);
};

const refreshTokenGrant: Grant = async (kit, req, client) => {
  const raw = single(req.body, 'refresh_token');
  if (!raw) throw new OAuthError(400, 'invalid_request', 'Missing parameter: refresh_token');
  const payload = await kit.tokens.verifyHmac(raw, 'Refresh');
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
  const session = kit.sessions.get(payload.sid, {
    userId: payload.sub,
    authTime: typeof payload.auth_time === 'number' ? payload.auth_time : nowSeconds(),
    lastSeen: typeof payload.iat === 'number' ? payload.iat : nowSeconds(),
  });
  const user = kit.realm.findUserById(payload.sub);
  if (!session || !user?.enabled) throw new OAuthError(400, 'invalid_grant', 'Session not active');
  return kit.tokens.tokenResponse(
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
const passwordGrant: Grant = async (kit, req, client) => {
  if (!client.directAccessGrantsEnabled) {
    throw new OAuthError(400, 'unauthorized_client', 'Client not allowed for direct access grants');
  }
  const username = single(req.body, 'username');
  if (!username) throw new OAuthError(401, 'invalid_request', 'Missing parameter: username');
  const { user, valid } = kit.checkPassword(username, single(req.body, 'password') ?? '');
  if (!user || !valid) throw new OAuthError(401, 'invalid_grant', 'Invalid user credentials');
  if (!user.enabled) throw new OAuthError(400, 'invalid_grant', 'Account disabled');
  return kit.tokens.tokenResponse(
    user,
    client,
    kit.sessions.create(user.id),
    single(req.body, 'scope'),
    undefined,
  );
};

const GRANTS: Readonly<Record<string, Grant>> = {
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
  password: passwordGrant,
};

export const tokenRoutes: Mount = (app, kit) => {
  app.options(`${kit.oidcPath}/token`, kit.preflight('POST, OPTIONS'));
  app.post(`${kit.oidcPath}/token`, formBody, async (req, res) => {
    const requestedClient = kit.realm.clients.get(single(req.body, 'client_id') ?? '');
    kit.applyCors(req, res, requestedClient ? requestedClient.webOrigins : kit.allWebOrigins);
    try {
      const client = kit.authenticateClient(req);
      const grantType = single(req.body, 'grant_type');
      const grant =
        grantType !== undefined && Object.hasOwn(GRANTS, grantType) ? GRANTS[grantType] : undefined;
      if (!grantType) throw new OAuthError(400, 'invalid_request', 'Missing form parameter: grant_type');
      if (!grant) throw new OAuthError(400, 'unsupported_grant_type', 'Unsupported grant_type');
      const response = await grant(kit, req, client);
      res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json(response);
    } catch (err) {
      if (err instanceof OAuthError) return kit.sendOAuthError(res, err);
      throw err;
    }
  });
};
