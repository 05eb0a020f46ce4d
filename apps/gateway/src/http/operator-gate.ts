/**
 * The one operator check of the gateway's HTTP routes: the bearer token verified, the operator resolved
 * (kept in the response's locals for the access log), the per-operator rate limit charged, then, when the route
 * asks, its any-of permission (as `@auth`). /graphql, /files and any other route that serves an operator (a
 * streaming one too: the limit is charged once, when it opens) go through the same gate, so a request on one counts
 * against the others and every refusal is the same everywhere: its status, code, Spanish message and headers
 * (`WWW-Authenticate` on a 401, `Retry-After` and the RateLimit headers on a 429, never cached). Only the body's
 * shape is the route's: `graphqlRefusal` for GraphQL, `errorRefusal` (`{ "error": { code, message } }`, the /files
 * shape) for the rest.
 *
 * A refused token's warning is written one by one up to a budget per client address and minute, then summarised
 * (else 700 forged signatures write 700 lines): one budget for every route.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { hasAnyPermission } from '../auth/permissions.js';
import { InvalidTokenError, type AuthUser, type TokenVerifier } from '../auth/verify-token.js';
import { rejectedTokenLines } from '../audit/line-budget.js';
import { clientAddress } from './client-address.js';
import {
  operatorRateLimit,
  RATE_LIMITED_CODE,
  RATE_LIMITED_MESSAGE,
  type TrackedRateLimit,
} from '../limits/rate-limit.js';
import type { Logger } from '../logger.js';
import {
  FORBIDDEN_MESSAGE,
  UNAUTHENTICATED_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from '../upstream/error-catalogue.js';
import { localsOf, sendJson } from './plain.js';

export type GateRefusalCode = 'UNAUTHENTICATED' | 'UPSTREAM_UNAVAILABLE' | 'RATE_LIMITED' | 'FORBIDDEN';

/** Why the gate refused a request: its status, code and Spanish message (its headers are already set). */
export interface GateRefusal {
  status: 401 | 403 | 429 | 503;
  code: GateRefusalCode;
  message: string;
}

export type GateOutcome =
  /** Let through: the operator, and the first of the route's permissions they hold (null when none asked). */
  | { user: AuthUser; permission: string | null; refusal: null }
  /** Refused: the operator when the token was valid (a 429 or 403 is theirs), else null. */
  | { user: AuthUser | null; permission: null; refusal: GateRefusal };

/** Writes a refusal's body in a route's shape (headers are set by the gate). */
export type RefusalAnswer = (res: ServerResponse, refusal: GateRefusal) => void;

/** What the access log and the routes read of the checked operator (server.ts's locals). */
export interface GateLocals {
  requestId: string;
  user: AuthUser;
}

export interface OperatorGateOptions {
  verifier: TokenVerifier;
  logger: Pick<Logger, 'warn'>;
  /** The per-operator limit (limits/rate-limit.ts): requests per window and operator, 0 off. */
  rateLimit: { max: number; windowMs: number };
  /** Warnings of refused tokens written one by one per client address and minute (REFUSAL_LINES_PER_MINUTE). */
  tokenLinesPerMinute?: number;
}

export interface OperatorGate {
  /**
   * Checks a request: the token, the limit, then `requires` (any of them, as `@auth`; an empty list is never met;
   * undefined: no permission check).
   */
  check(req: IncomingMessage, res: ServerResponse, requires?: readonly string[]): Promise<GateOutcome>;
  /** `check`, a refusal answered with `answer`: the operator, or null when it was refused (and answered). */
  admit(
    req: IncomingMessage,
    res: ServerResponse,
    answer: RefusalAnswer,
    requires?: readonly string[],
  ): Promise<AuthUser | null>;
  /** The limit the gate charges (read, never charged, by GraphQL's `extensions.rateLimit`). */
  readonly rateLimit: TrackedRateLimit;
  /** Writes what the token warnings' budget is still holding and stops its timer. */
  close(): void;
}

const unauthenticated: GateRefusal = {
  status: 401,
  code: 'UNAUTHENTICATED',
  message: UNAUTHENTICATED_MESSAGE,
};
const keysUnavailable: GateRefusal = {
  status: 503,
  code: 'UPSTREAM_UNAVAILABLE',
  message: UNAVAILABLE_MESSAGE,
};
const rateLimited: GateRefusal = { status: 429, code: RATE_LIMITED_CODE, message: RATE_LIMITED_MESSAGE };
const forbidden: GateRefusal = { status: 403, code: 'FORBIDDEN', message: FORBIDDEN_MESSAGE };

export function operatorGate(options: OperatorGateOptions): OperatorGate {
  const { verifier, logger } = options;
  const rateLimit = operatorRateLimit(options.rateLimit);
  const tokenLines = rejectedTokenLines(logger, options.tokenLinesPerMinute);

  /** The token's operator, or the refusal (a key server that cannot be reached is a 503, not the operator's fault). */
  const verify = async (req: IncomingMessage, res: ServerResponse): Promise<AuthUser | GateRefusal> => {
    try {
      return await verifier.verify(req.headers.authorization);
    } catch (error) {
      const unavailable = error instanceof InvalidTokenError && error.unavailable;
      if (unavailable || tokenLines.admit(clientAddress(req))) {
        logger.warn(unavailable ? 'token not verifiable: keys unavailable' : 'token rejected', {
          requestId: localsOf<GateLocals>(res).requestId,
          reason: error instanceof InvalidTokenError ? error.reason : String(error),
        });
      }
      return unavailable ? keysUnavailable : unauthenticated;
    }
  };

  const refuse = (res: ServerResponse, user: AuthUser | null, refusal: GateRefusal): GateOutcome => {
    res.setHeader('cache-control', 'no-store');
    if (refusal.status === 401) res.setHeader('www-authenticate', 'Bearer');
    return { user, permission: null, refusal };
  };

  const check: OperatorGate['check'] = async (req, res, requires) => {
    const verified = await verify(req, res);
    if (!('subject' in verified)) return refuse(res, null, verified);
    const user = verified;
    localsOf<GateLocals>(res).user = user;
    // Per operator (the token's subject), after the token: probes and refused tokens never count.
    if (!(await rateLimit(user.subject, res))) return refuse(res, user, rateLimited);
    if (requires === undefined) return { user, permission: null, refusal: null };
    if (!hasAnyPermission(user.permissions, requires)) return refuse(res, user, forbidden);
    const permission = requires.find((p) => user.permissions.includes(p as never)) ?? null;
    return { user, permission, refusal: null };
  };

  return {
    check,
    async admit(req, res, answer, requires) {
      const outcome = await check(req, res, requires);
      if (outcome.refusal) {
        answer(res, outcome.refusal);
        return null;
      }
      return outcome.user;
    },
    rateLimit,
    close: () => tokenLines.close(),
  };
}

/** A GraphQL-shaped error body: `{ errors: [{ message, extensions: { code } }] }`. */
export const graphqlErrorBody = (message: string, code: string) => ({
  errors: [{ message, extensions: { code } }],
});

/** A refusal as GraphQL answers it (/graphql), with the answer's `extensions` when given (what it cost). */
export const graphqlRefusalWith =
  (extensions: Record<string, unknown> = {}): RefusalAnswer =>
  (res, refusal) =>
    sendJson(res, refusal.status, {
      ...graphqlErrorBody(refusal.message, refusal.code),
      ...(Object.keys(extensions).length ? { extensions } : {}),
    });

/** A refusal as GraphQL answers it, without extensions. */
export const graphqlRefusal: RefusalAnswer = graphqlRefusalWith();

/** A refusal as the plain routes answer it (/files' shape): `{ error: { code, message } }`. */
export const errorRefusal: RefusalAnswer = (res, refusal) =>
  sendJson(res, refusal.status, { error: { code: refusal.code, message: refusal.message } });
