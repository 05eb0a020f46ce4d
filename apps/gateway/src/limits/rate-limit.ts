/**
 * Per-operator rate limit of the GraphQL API (docs/operations.md §1, docs/decisions.md "2026-11-23 Platform"):
 * at most `max` requests per `windowMs` for each signed-in operator (the token's `sub`), counted by
 * express-rate-limit in this replica's memory. Past it: 429 with a Spanish message and `Retry-After`, nothing run
 * upstream. Mounted after the token check, so a refused token never counts and probes (/healthz, /readyz) and the
 * metrics port are never limited. With N replicas behind a proxy each replica keeps its own count (an operator
 * whose requests are spread over them gets up to N x max); no shared store is needed for a limit meant to stop
 * one browser or script from spending the upstream services' capacity.
 */
import type { RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';

export const RATE_LIMITED_MESSAGE = 'Demasiadas solicitudes; espere unos segundos y vuelva a intentar';
export const RATE_LIMITED_CODE = 'RATE_LIMITED';

export interface RateLimitOptions {
  /** Requests per window and operator; 0 turns the limit off. */
  max: number;
  windowMs: number;
  /** The operator's key (the token's subject), set by the token check before this runs. */
  operatorOf: (res: Response) => string | undefined;
}

export function operatorRateLimit({ max, windowMs, operatorOf }: RateLimitOptions): RequestHandler {
  if (max <= 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs,
    limit: max,
    // RateLimit and RateLimit-Policy (IETF draft 8) plus Retry-After on the 429; no X-RateLimit-* headers.
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // The key is the operator, never the address: its IP checks (trust proxy, X-Forwarded-For) do not apply, and
    // their console warnings would break the JSON log lines.
    validate: false,
    // Only reached after the token check: every request here has an operator.
    keyGenerator: (_req, res) => `sub:${operatorOf(res) ?? ''}`,
    handler: (_req, res) => {
      res.setHeader('cache-control', 'no-store');
      res.status(429).json({
        errors: [{ message: RATE_LIMITED_MESSAGE, extensions: { code: RATE_LIMITED_CODE } }],
      });
    },
  });
}
