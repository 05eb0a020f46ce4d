/**
 * Per-operator rate limit of the GraphQL API and the file routes (docs/operations.md §1, docs/decisions.md
 * "Rate limit"): at most `max` requests in ANY span of `windowMs` for each signed-in operator (the token's
 * `sub`), in this replica's memory. Past it: 429 with a Spanish message and `Retry-After`, nothing run upstream. Runs
 * after the token check, so a refused token never counts and probes (/healthz, /readyz) and the metrics port are
 * never limited. With N replicas behind a proxy each replica keeps its own count (an operator whose requests are
 * spread over them gets up to N x max); no shared store is needed for a limit meant to stop one browser or script
 * from spending the upstream services' capacity.
 *
 * A sliding log, not a fixed window: each operator keeps the times of the requests it was let through in the last
 * window (a ring of at most `max` numbers), and a request passes only while fewer than `max` are in it. A fixed
 * window (rate-limiter-flexible's, before) let 2 x max through across its boundary; none of that library's
 * limiters bounds every span and still allows a page's burst (decisions.md, "Rate limit").
 */
import type { ServerResponse } from 'node:http';

export const RATE_LIMITED_MESSAGE = 'Demasiadas solicitudes; espere unos segundos y vuelva a intentar';
export const RATE_LIMITED_CODE = 'RATE_LIMITED';

export interface RateLimitOptions {
  /** Requests per window and operator; 0 turns the limit off. */
  max: number;
  windowMs: number;
}

/**
 * Counts one request of `operator` and sets the RateLimit headers on `res`: true to go on; false when the
 * operator is past the limit, with `Retry-After` set and nothing answered yet (the operator gate answers it:
 * http/operator-gate.ts).
 */
export type OperatorRateLimit = (operator: string, res: ServerResponse) => Promise<boolean>;

/**
 * The times (ms) of one operator's requests let through in the last window, oldest first, in a ring that grows
 * (doubling) as the operator needs it, never past `max` entries.
 */
class RequestLog {
  private times: Float64Array;
  private head = 0;
  count = 0;

  constructor(private readonly max: number) {
    this.times = new Float64Array(Math.min(max, 16));
  }

  /** The oldest time still in the log (NaN when empty). */
  oldest(): number {
    return this.count > 0 ? this.times[this.head]! : Number.NaN;
  }

  /** The newest time in the log (NaN when empty). */
  newest(): number {
    return this.count > 0 ? this.times[(this.head + this.count - 1) % this.times.length]! : Number.NaN;
  }

  /** Drops the times at or before `cutoff` (they left the window). */
  dropUpTo(cutoff: number): void {
    while (this.count > 0 && this.times[this.head]! <= cutoff) {
      this.head = (this.head + 1) % this.times.length;
      this.count--;
    }
  }

  push(time: number): void {
    if (this.count === this.times.length) {
      const grown = new Float64Array(Math.min(this.max, this.times.length * 2));
      for (let i = 0; i < this.count; i++) grown[i] = this.times[(this.head + i) % this.times.length]!;
      this.times = grown;
      this.head = 0;
    }
    this.times[(this.head + this.count) % this.times.length] = time;
    this.count++;
  }
}

/**
 * What is left of one operator's limit, as every GraphQL answer reports it (`extensions.rateLimit`):
 * the requests a window allows, how many more it allows now, the window's length and when a place frees up
 * (the oldest counted request leaves the window; ISO 8601, null when nothing is counted).
 */
export interface RateLimitLeft {
  limit: number;
  remaining: number;
  windowSeconds: number;
  resetAt: string | null;
}

/**
 * The limit, how many operators it holds a log for (tests: the map holds the active ones only) and what is left
 * of one operator's (null when the limit is off), without counting a request.
 */
export type TrackedRateLimit = OperatorRateLimit & {
  operators(): number;
  left(operator: string): RateLimitLeft | null;
};

export function operatorRateLimit({ max, windowMs }: RateLimitOptions): TrackedRateLimit {
  if (max <= 0) return Object.assign(() => Promise.resolve(true), { operators: () => 0, left: () => null });
  // performance.now: a clock that never goes back (a wall-clock change neither frees nor blocks anyone).
  const now = () => performance.now();
  const logs = new Map<string, RequestLog>();
  let lastSweep = now();
  /** Forgets, once per window, every operator with nothing left in its window: the map holds the active ones only. */
  const sweep = (time: number) => {
    if (time - lastSweep < windowMs) return;
    lastSweep = time;
    for (const [operator, log] of logs) if (!(log.newest() > time - windowMs)) logs.delete(operator);
  };
  const windowSeconds = Math.ceil(windowMs / 1000);
  // RateLimit and RateLimit-Policy (IETF httpapi-ratelimit-headers, draft 8) on every answer; Retry-After on the 429.
  const policy = `"operador"; q=${max}; w=${windowSeconds}`;
  const limit: OperatorRateLimit = (operator, res) => {
    const time = now();
    sweep(time);
    let log = logs.get(operator);
    if (!log) logs.set(operator, (log = new RequestLog(max)));
    log.dropUpTo(time - windowMs);
    const passes = log.count < max;
    if (passes) log.push(time);
    // Seconds until the oldest request in the window leaves it (a place frees up).
    const resetSeconds = Math.max(0, Math.ceil((log.oldest() + windowMs - time) / 1000));
    res.setHeader('ratelimit-policy', policy);
    res.setHeader('ratelimit', `"operador"; r=${max - log.count}; t=${resetSeconds}`);
    if (!passes) {
      res.setHeader('retry-after', String(Math.max(1, resetSeconds)));
      res.setHeader('cache-control', 'no-store');
    }
    return Promise.resolve(passes);
  };
  const left = (operator: string): RateLimitLeft => {
    const time = now();
    const log = logs.get(operator);
    log?.dropUpTo(time - windowMs);
    const oldest = log?.oldest() ?? Number.NaN;
    return {
      limit: max,
      remaining: max - (log?.count ?? 0),
      windowSeconds,
      resetAt: Number.isNaN(oldest) ? null : new Date(Date.now() + (oldest + windowMs - time)).toISOString(),
    };
  };
  return Object.assign(limit, { operators: () => logs.size, left });
}
