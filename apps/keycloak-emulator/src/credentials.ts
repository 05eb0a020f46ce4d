/**
 * Who is asking: a user's password (counted by the brute-force guard), a bearer access token and its session (the
 * userinfo and account endpoints), a client's credentials (the token endpoint).
 */
import type { Request } from 'express';
import type { JWTPayload } from 'jose';
import type { BruteForceGuard } from './brute-force.js';
import { OAuthError, safeEqual, single } from './oauth.js';
import type { Client, Realm, User } from './realm.js';
import { nowSeconds, type SessionStore } from './sessions.js';
import type { TokenIssuer } from './tokens.js';

export interface Credentials {
  /**
   * A user's password check, counted by the brute-force guard (a locked user is refused even with the right
   * password); a valid check of an enabled user clears the user's failures.
   */
  checkPassword(username: string, password: string): { user?: User; valid: boolean };
  /** Verifies a bearer access token and its session, as the userinfo and account endpoints do. */
  bearerUser(req: Request): Promise<{ user: User; token: JWTPayload }>;
  /** The client of a token request (Basic or form credentials; a public client needs none). */
  authenticateClient(req: Request): Client;
}

/** The `allowed-origins` of an access token. */
export const tokenOrigins = (token: JWTPayload | undefined): string[] => {
  const origins = token?.['allowed-origins'];
  return Array.isArray(origins) ? origins.filter((o): o is string => typeof o === 'string') : [];
};

/** The raw bearer token: the Authorization header's, else the form's `access_token`. */
function bearerToken(req: Request): string {
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
  return raw;
}

export function credentials(
  realm: Realm,
  sessions: SessionStore,
  tokens: TokenIssuer,
  bruteForce: BruteForceGuard,
): Credentials {
  return {
    checkPassword(username, password) {
      const user = realm.findUser(username);
      const locked = user !== undefined && bruteForce.isLocked(user.id);
      const valid = !locked && user?.password !== undefined && safeEqual(password, user.password);
      if (user && !locked && !valid) bruteForce.failed(user.id);
      if (user && valid && user.enabled) bruteForce.succeeded(user.id);
      return { user, valid };
    },
    async bearerUser(req) {
      const token = await tokens.verifyRealmToken(bearerToken(req));
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
    },
    authenticateClient(req) {
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
    },
  };
}
