import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Permission } from '../generated/resolvers-types.js';
import { permissionsFromClaims } from './permissions.js';

/** The signed-in operator, from a verified access token. */
export interface AuthUser {
  subject: string;
  username: string;
  name: string | null;
  email: string | null;
  permissions: Permission[];
  /** The raw bearer token, forwarded to the upstream services (never logged). */
  token: string;
}

/** Any reason a token is refused. The reason is for the server log only: clients see one generic message. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
  /** `unavailable`: the token could not be checked because the realm keys could not be fetched. */
  constructor(
    readonly reason: string,
    readonly unavailable = false,
  ) {
    super(`invalid token: ${reason}`);
  }
}

/** jose codes meaning "could not fetch the keys", not "bad token". */
const KEYS_UNAVAILABLE = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

export interface TokenVerifierOptions {
  issuer: string;
  jwksUrl: string;
  audience: string;
  allowedAzp: readonly string[];
  /** Seconds of clock skew accepted on exp/nbf/iat. */
  clockToleranceSeconds?: number;
  /** Timeout of a JWKS fetch. */
  jwksTimeoutMs?: number;
}

export interface TokenVerifier {
  /** Verifies an `Authorization` header value; throws InvalidTokenError. */
  verify(authorization: string | undefined): Promise<AuthUser>;
  /** True when the JWKS answers with at least one key (for /readyz). */
  jwksReachable(): Promise<boolean>;
}

const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/;
const MAX_TOKEN_LENGTH = 16 * 1024;

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const jwksTimeoutMs = options.jwksTimeoutMs ?? 3000;
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: jwksTimeoutMs });
  const clockTolerance = options.clockToleranceSeconds ?? 5;

  const verify = async (authorization: string | undefined): Promise<AuthUser> => {
    if (!authorization) throw new InvalidTokenError('missing authorization header');
    if (authorization.length > MAX_TOKEN_LENGTH) throw new InvalidTokenError('token too long');
    const match = BEARER.exec(authorization.trim());
    if (!match?.[1]) throw new InvalidTokenError('not a bearer JWT');
    const token = match[1];
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        algorithms: ['RS256'],
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance,
        requiredClaims: ['exp', 'iat'],
      }));
    } catch (error) {
      const code = (error as { code?: string }).code;
      // A non-jose error (fetch failed, bad JSON) also means the keys were not available.
      const unavailable = code === undefined || KEYS_UNAVAILABLE.has(code);
      throw new InvalidTokenError(
        `${code ?? (error as Error).name}: ${(error as Error).message}`,
        unavailable,
      );
    }
    if (payload.typ !== 'Bearer') throw new InvalidTokenError('typ claim is not Bearer');
    if (typeof payload.azp !== 'string' || !options.allowedAzp.includes(payload.azp)) {
      throw new InvalidTokenError(`azp not allowed: ${String(payload.azp)}`);
    }
    const username = str(payload.preferred_username) ?? str(payload.sub);
    if (!username) throw new InvalidTokenError('no preferred_username nor sub');
    const given = str(payload.given_name);
    const family = str(payload.family_name);
    return {
      subject: str(payload.sub) ?? username,
      username,
      name: str(payload.name) ?? ([given, family].filter(Boolean).join(' ') || null),
      email: str(payload.email),
      permissions: permissionsFromClaims(payload, options.audience),
      token,
    };
  };

  const jwksReachable = async (): Promise<boolean> => {
    try {
      const response = await fetch(options.jwksUrl, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(jwksTimeoutMs),
      });
      if (!response.ok) return false;
      const body = (await response.json()) as { keys?: unknown };
      return Array.isArray(body.keys) && body.keys.length > 0;
    } catch {
      return false;
    }
  };

  return { verify, jwksReachable };
}
