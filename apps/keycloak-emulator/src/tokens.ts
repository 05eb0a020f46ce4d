import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import type { RealmKeys } from './keys.js';
import type { Client, Realm, User } from './realm.js';
import { nowSeconds, type Session, type SessionStore } from './sessions.js';

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_expires_in: number;
  refresh_token: string;
  token_type: 'Bearer';
  id_token?: string;
  'not-before-policy': number;
  session_state: string;
  scope: string;
}

/** Keycloak's scope claim for the web client's default client scopes. */
export const grantedScope = (requested: string | undefined): string =>
  (requested ?? '').split(' ').includes('openid') ? 'openid profile email' : 'profile email';

const fullName = (user: User): string | undefined => {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || undefined;
};

/** The profile claims of the profile and email scopes, as Keycloak sends them. */
export const profileClaims = (user: User): Record<string, unknown> => {
  const claims: Record<string, unknown> = { email_verified: user.emailVerified };
  const name = fullName(user);
  if (name) claims.name = name;
  claims.preferred_username = user.username;
  if (user.firstName) claims.given_name = user.firstName;
  if (user.lastName) claims.family_name = user.lastName;
  if (user.email) claims.email = user.email;
  return claims;
};

const atHash = (accessToken: string): string =>
  createHash('sha256').update(accessToken, 'ascii').digest().subarray(0, 16).toString('base64url');

export class TokenIssuer {
  constructor(
    private readonly realm: Realm,
    private readonly keys: RealmKeys,
    private readonly sessions: SessionStore,
    readonly issuer: string,
    readonly accessTokenTtl: number,
  ) {}

  /** Signs with the realm's RSA key (RS256, kid), like Keycloak's access and ID tokens. */
  async sign(payload: Record<string, unknown>, header: Record<string, unknown> = {}): Promise<string> {
    return new SignJWT(payload as JWTPayload)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: this.keys.kid, ...header })
      .sign(this.keys.privateKey);
  }

  /** Signs with the realm's HMAC secret (HS512): tokens only the emulator reads. */
  async signHmac(payload: Record<string, unknown>): Promise<string> {
    return new SignJWT(payload as JWTPayload)
      .setProtectedHeader({ alg: 'HS512', typ: 'JWT', kid: `${this.keys.kid}-hs512` })
      .sign(this.keys.hmacSecret);
  }

  async verifyHmac(token: string, typ: string): Promise<JWTPayload | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.keys.hmacSecret, {
        algorithms: ['HS512'],
        issuer: this.issuer,
      });
      return payload.typ === typ ? payload : undefined;
    } catch {
      return undefined;
    }
  }

  /** Verifies an RS256 token of this realm; `ignoreExpiry` for id_token_hint at logout. */
  async verifyRealmToken(
    token: string,
    options: { ignoreExpiry?: boolean } = {},
  ): Promise<JWTPayload | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.keys.publicKey, {
        algorithms: ['RS256'],
        issuer: this.issuer,
        ...(options.ignoreExpiry ? { currentDate: new Date(0) } : {}),
      });
      return payload;
    } catch {
      return undefined;
    }
  }

  /** The claims of an access token for `user`, asked by `client`, in `session`. */
  accessTokenClaims(user: User, client: Client, session: Session, scope: string, ttl = this.accessTokenTtl) {
    const now = nowSeconds();
    const resourceAccess: Record<string, { roles: string[] }> = {};
    for (const [clientId, roles] of Object.entries(user.clientRoles)) {
      if (roles.length > 0) resourceAccess[clientId] = { roles: [...roles] };
    }
    const audiences = [
      ...new Set([...client.audiences, ...Object.keys(resourceAccess).filter((c) => c !== client.clientId)]),
    ];
    const claims: Record<string, unknown> = {
      exp: now + ttl,
      iat: now,
      auth_time: session.authTime,
      jti: randomUUID(),
      iss: this.issuer,
      ...(audiences.length > 0 ? { aud: audiences.length === 1 ? audiences[0] : audiences } : {}),
      sub: user.id,
      typ: 'Bearer',
      azp: client.clientId,
      sid: session.id,
      session_state: session.id,
      acr: '1',
      'allowed-origins': [...client.webOrigins],
      realm_access: { roles: [...user.realmRoles] },
      resource_access: resourceAccess,
      scope,
      ...profileClaims(user),
    };
    return claims;
  }

  async accessToken(
    user: User,
    client: Client,
    session: Session,
    scope: string,
    overrides: { claims?: Record<string, unknown>; ttlSeconds?: number } = {},
  ): Promise<string> {
    const claims = this.accessTokenClaims(
      user,
      client,
      session,
      scope,
      overrides.ttlSeconds ?? this.accessTokenTtl,
    );
    return this.sign({ ...claims, ...overrides.claims });
  }

  /** Access, ID and refresh tokens, as Keycloak's token endpoint answers them. */
  async tokenResponse(
    user: User,
    client: Client,
    session: Session,
    requestedScope: string | undefined,
    nonce: string | undefined,
  ): Promise<TokenResponse> {
    this.sessions.touch(session);
    const scope = grantedScope(requestedScope);
    const now = nowSeconds();
    const accessToken = await this.accessToken(user, client, session, scope);
    const refreshExp = this.sessions.refreshExpiry(session, now);
    const refreshToken = await this.signHmac({
      exp: refreshExp,
      iat: now,
      jti: randomUUID(),
      iss: this.issuer,
      aud: this.issuer,
      sub: user.id,
      typ: 'Refresh',
      azp: client.clientId,
      ...(nonce ? { nonce } : {}),
      sid: session.id,
      session_state: session.id,
      auth_time: session.authTime,
      scope,
    });
    const response: TokenResponse = {
      access_token: accessToken,
      expires_in: this.accessTokenTtl,
      refresh_expires_in: refreshExp - now,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      'not-before-policy': 0,
      session_state: session.id,
      scope,
    };
    if (scope.split(' ').includes('openid')) {
      response.id_token = await this.sign({
        exp: now + this.accessTokenTtl,
        iat: now,
        auth_time: session.authTime,
        jti: randomUUID(),
        iss: this.issuer,
        aud: client.clientId,
        sub: user.id,
        typ: 'ID',
        azp: client.clientId,
        ...(nonce ? { nonce } : {}),
        sid: session.id,
        session_state: session.id,
        at_hash: atHash(accessToken),
        acr: '1',
        ...profileClaims(user),
      });
    }
    return response;
  }

  /** The SSO cookie's value (Keycloak's KEYCLOAK_IDENTITY): an HS512 JWT naming the session. */
  identityCookie(user: User, session: Session): Promise<string> {
    return this.signHmac({
      exp: session.started + this.realm.ssoSessionMaxLifespan,
      iat: nowSeconds(),
      jti: randomUUID(),
      iss: this.issuer,
      sub: user.id,
      typ: 'Serialized-ID',
      sid: session.id,
      auth_time: session.authTime,
    });
  }
}
