import {
  createRemoteJWKSet,
  jwtVerify,
  type FlattenedJWSInput,
  type JWSHeaderParameters,
  type JWTPayload,
} from 'jose';
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

/**
 * jose codes that, thrown while looking up the key, mean "could not fetch the keys", not "bad token".
 * Only errors raised inside the key lookup are considered: anything else is the token's fault (a 401).
 */
const KEYS_UNAVAILABLE = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

/** Marks an error thrown while fetching the realm keys. */
class KeysUnavailable extends Error {
  override readonly name = 'KeysUnavailable';
}

export interface TokenVerifierOptions {
  issuer: string;
  jwksUrl: string;
  audience: string;
  allowedAzp: readonly string[];
  /** Seconds of clock skew accepted on exp/nbf/iat. */
  clockToleranceSeconds?: number;
  /** Timeout of a JWKS fetch. */
  jwksTimeoutMs?: number;
  /** How long fetched keys are trusted before the JWKS is fetched again (jose default: 10 min). */
  jwksCacheMaxAgeMs?: number;
  /** Minimum time between two fetches caused by an unknown `kid` (jose default: 30 s). */
  jwksCooldownMs?: number;
  /**
   * Longest time a verified token is accepted again without re-checking its signature and claims (default 60 s;
   * never longer than `jwksCacheMaxAgeMs` when that is given, nor past the token's `exp`). 0 turns the cache off.
   */
  verifiedTokenMaxAgeMs?: number;
  /** Verified tokens remembered at most (least recently used dropped first; default 1,000). */
  verifiedTokenCacheSize?: number;
}

export interface TokenVerifier {
  /** Verifies an `Authorization` header value; throws InvalidTokenError. */
  verify(authorization: string | undefined): Promise<AuthUser>;
  /** True when the JWKS answers with at least one key (for /readyz). */
  jwksReachable(): Promise<boolean>;
}

/** `Bearer <header>.<payload>.<signature>`, the scheme case-insensitive as RFC 7235 says; no JWE, no alg none. */
const BEARER = /^[Bb][Ee][Aa][Rr][Ee][Rr] +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;
/**
 * Keycloak access tokens are 2-5 KiB (the admin with every permission: about 3.5 KiB). Node refuses headers over
 * 16 KiB with 431 before the app sees them; anything between this limit and that one is a 401 here.
 */
const MAX_TOKEN_LENGTH = 12 * 1024;
/** Header parameters Keycloak never sets: key or certificate URLs and embedded keys are never trusted. */
const FORBIDDEN_HEADER_PARAMS = ['crit', 'jku', 'x5u', 'jwk', 'x5c', 'x5t', 'x5t#S256', 'zip', 'enc', 'b64'];
const ALLOWED_HEADER_TYP = new Set(['jwt', 'at+jwt', 'application/at+jwt']);

/**
 * Each segment must be canonical base64url: decoders ignore the unused trailing bits, so without this check
 * several spellings of one signature (or payload) would all verify.
 */
const isCanonicalBase64Url = (segment: string): boolean =>
  Buffer.from(segment, 'base64url').toString('base64url') === segment;

/** The protected header, when it is a JSON object of an RS256 token Keycloak could have issued; else a reason. */
function checkHeader(segment: string): string | null {
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return 'header is not JSON';
  }
  if (!header || typeof header !== 'object' || Array.isArray(header)) return 'header is not an object';
  const h = header as Record<string, unknown>;
  if (h.alg !== 'RS256') return `alg not allowed: ${String(h.alg)}`;
  for (const param of FORBIDDEN_HEADER_PARAMS)
    if (param in h) return `header parameter not allowed: ${param}`;
  if (h.typ !== undefined && (typeof h.typ !== 'string' || !ALLOWED_HEADER_TYP.has(h.typ.toLowerCase())))
    return `header typ not allowed: ${String(h.typ)}`;
  if (h.kid !== undefined && typeof h.kid !== 'string') return 'kid is not a string';
  return null;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** Default of `verifiedTokenMaxAgeMs`. */
export const VERIFIED_TOKEN_MAX_AGE_MS = 60_000;
/** Default of `verifiedTokenCacheSize` (about 4 MiB with Keycloak tokens of 2-5 KiB). */
export const VERIFIED_TOKEN_CACHE_SIZE = 1_000;

interface VerifiedToken {
  user: AuthUser;
  /** Epoch ms after which the token is verified again from scratch. */
  until: number;
}

/**
 * Tokens that passed every check, by their exact text, so the next request with the same token skips the RS256
 * verification and the claim checks (≈ 0.35 CPU ms per request, bench/README.md). An entry lives until the
 * token's `exp` (without the clock tolerance: from then on each request re-verifies, with it) or `maxAgeMs`
 * after it was verified, whichever comes first. Key rotation: jose trusts the key set it fetched for
 * `jwksCacheMaxAgeMs` (10 min by default) whatever happens to the realm's keys; when a verification makes it fetch
 * a set that differs, every remembered token is forgotten; and since each entry is re-verified at least every
 * `maxAgeMs`, a removed key stops admitting its tokens at most `maxAgeMs` after jose's cache would have refused
 * them even if only remembered tokens arrive meanwhile (`maxAgeMs` is capped at `jwksCacheMaxAgeMs`). While the
 * JWKS cannot be fetched, a remembered token keeps working until its entry ends; the others get the 503.
 * Only successes are kept: a refused or unverifiable token goes through every check on every request.
 */
class VerifiedTokenCache {
  private readonly entries = new Map<string, VerifiedToken>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly size: number,
  ) {}

  get(token: string, now: number): AuthUser | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    this.entries.delete(token);
    if (now >= entry.until) return null;
    this.entries.set(token, entry); // most recently used last
    return entry.user;
  }

  set(token: string, user: AuthUser, expSeconds: number, now: number): void {
    if (this.maxAgeMs <= 0 || this.size <= 0) return;
    const until = Math.min(expSeconds * 1000, now + this.maxAgeMs);
    if (until <= now) return;
    this.entries.delete(token);
    this.entries.set(token, { user, until });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Each request gets its own copy: nothing downstream can change what the next request with the token sees. */
const copyOf = (user: AuthUser): AuthUser => ({ ...user, permissions: [...user.permissions] });

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const jwksTimeoutMs = options.jwksTimeoutMs ?? 3000;
  const remote = createRemoteJWKSet(new URL(options.jwksUrl), {
    timeoutDuration: jwksTimeoutMs,
    ...(options.jwksCacheMaxAgeMs !== undefined ? { cacheMaxAge: options.jwksCacheMaxAgeMs } : {}),
    ...(options.jwksCooldownMs !== undefined ? { cooldownDuration: options.jwksCooldownMs } : {}),
  });
  const verified = new VerifiedTokenCache(
    Math.min(
      options.verifiedTokenMaxAgeMs ?? VERIFIED_TOKEN_MAX_AGE_MS,
      options.jwksCacheMaxAgeMs ?? Number.POSITIVE_INFINITY,
    ),
    options.verifiedTokenCacheSize ?? VERIFIED_TOKEN_CACHE_SIZE,
  );
  /** The realm keys jose used last (JSON), to forget every verified token when they change. */
  let knownKeys: string | undefined;
  /** The key lookup, telling "keys could not be fetched" apart from "no such key". */
  const jwks = async (header: JWSHeaderParameters, input: FlattenedJWSInput) => {
    try {
      return await remote(header, input);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === undefined || KEYS_UNAVAILABLE.has(code)) {
        throw new KeysUnavailable(`${code ?? (error as Error).name}: ${(error as Error).message}`);
      }
      throw error;
    } finally {
      // A rotation seen here (jose fetched a new key set) also ends the verified tokens of the old keys.
      const keys = JSON.stringify(remote.jwks() ?? null);
      if (knownKeys !== undefined && keys !== knownKeys) verified.clear();
      knownKeys = keys;
    }
  };
  const clockTolerance = options.clockToleranceSeconds ?? 5;

  const verify = async (authorization: string | undefined): Promise<AuthUser> => {
    if (!authorization) throw new InvalidTokenError('missing authorization header');
    if (authorization.length > MAX_TOKEN_LENGTH) throw new InvalidTokenError('token too long');
    const match = BEARER.exec(authorization.trim());
    if (!match?.[1]) throw new InvalidTokenError('not a bearer JWT');
    const token = match[1];
    const cached = verified.get(token, Date.now());
    if (cached) return copyOf(cached);
    const segments = token.split('.');
    if (!segments.every(isCanonicalBase64Url)) throw new InvalidTokenError('segment not canonical base64url');
    const headerProblem = checkHeader(segments[0]!);
    if (headerProblem) throw new InvalidTokenError(headerProblem);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        algorithms: ['RS256'],
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      if (error instanceof KeysUnavailable) throw new InvalidTokenError(error.message, true);
      const code = (error as { code?: string }).code;
      throw new InvalidTokenError(`${code ?? (error as Error).name}: ${(error as Error).message}`);
    }
    // jose checks iat only against a maximum age: a token issued in the future is refused here.
    if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + clockTolerance)
      throw new InvalidTokenError('iat in the future');
    if (!str(payload.sub)) throw new InvalidTokenError('sub is not a string');
    if (payload.typ !== 'Bearer') throw new InvalidTokenError('typ claim is not Bearer');
    if (typeof payload.azp !== 'string' || !options.allowedAzp.includes(payload.azp)) {
      throw new InvalidTokenError(`azp not allowed: ${String(payload.azp)}`);
    }
    const username = str(payload.preferred_username) ?? str(payload.sub);
    if (!username) throw new InvalidTokenError('no preferred_username nor sub');
    const given = str(payload.given_name);
    const family = str(payload.family_name);
    const user: AuthUser = {
      subject: str(payload.sub) ?? username,
      username,
      name: str(payload.name) ?? ([given, family].filter(Boolean).join(' ') || null),
      email: str(payload.email),
      permissions: permissionsFromClaims(payload, options.audience),
      token,
    };
    // requiredClaims guarantees a numeric exp.
    verified.set(token, user, payload.exp!, Date.now());
    return copyOf(user);
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
