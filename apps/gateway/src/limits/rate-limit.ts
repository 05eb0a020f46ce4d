/**
 * Per-operator rate limit of the GraphQL API and the file routes (docs/operations.md §1, docs/decisions.md "2026-11-23 Platform" and
 * "issue 33"): at most `max` requests per `windowMs` for each signed-in operator (the token's `sub`), counted by
 * rate-limiter-flexible's `RateLimiterMemory` (a fixed window per operator, as express-rate-limit counted before)
 * in this replica's memory. Past it: 429 with a Spanish message and `Retry-After`, nothing run upstream. Runs
 * after the token check, so a refused token never counts and probes (/healthz, /readyz) and the metrics port are
 * never limited. With N replicas behind a proxy each replica keeps its own count (an operator whose requests are
 * spread over them gets up to N x max); no shared store is needed for a limit meant to stop one browser or script
 * from spending the upstream services' capacity.
 */
import type { ServerResponse } from 'node:http';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { sendJson } from '../http/plain.js';

export const RATE_LIMITED_MESSAGE = 'Demasiadas solicitudes; espere unos segundos y vuelva a intentar';
export const RATE_LIMITED_CODE = 'RATE_LIMITED';

export interface RateLimitOptions {
  /** Requests per window and operator; 0 turns the limit off. */
  max: number;
  windowMs: number;
}

/**
 * Counts one request of `operator` and sets the RateLimit headers on `res`: true to go on; false when the
 * operator is past the limit, with `Retry-After` set and nothing answered yet (each API answers in its own shape:
 * `answerRateLimited` for GraphQL, a file refusal for /files).
 */
export type OperatorRateLimit = (operator: string, res: ServerResponse) => Promise<boolean>;

export function operatorRateLimit({ max, windowMs }: RateLimitOptions): OperatorRateLimit {
  if (max <= 0) return () => Promise.resolve(true);
  const limiter = new RateLimiterMemory({ points: max, duration: windowMs / 1000 });
  const windowSeconds = Math.ceil(windowMs / 1000);
  // RateLimit and RateLimit-Policy (IETF httpapi-ratelimit-headers, draft 8) on every answer; Retry-After on the 429.
  const policy = `"operador"; q=${max}; w=${windowSeconds}`;
  const headers = (res: ServerResponse, state: RateLimiterRes) => {
    const resetSeconds = Math.max(0, Math.ceil(state.msBeforeNext / 1000));
    res.setHeader('ratelimit-policy', policy);
    res.setHeader('ratelimit', `"operador"; r=${state.remainingPoints}; t=${resetSeconds}`);
    return resetSeconds;
  };
  return async (operator, res) => {
    try {
      headers(res, await limiter.consume(`sub:${operator}`));
      return true;
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      res.setHeader('retry-after', String(Math.max(1, headers(res, refusal))));
      res.setHeader('cache-control', 'no-store');
      return false;
    }
  };
}

/** The GraphQL answer past the limit: 429 with the Spanish message. */
export function answerRateLimited(res: ServerResponse): void {
  sendJson(res, 429, {
    errors: [{ message: RATE_LIMITED_MESSAGE, extensions: { code: RATE_LIMITED_CODE } }],
  });
}
