/**
 * The per-operator budget of refused calls written one by one (issue 43). A refused request is one audit line and
 * one activity row; past `perHour` of them for one operator in an hour (a fixed window per operator, counted by
 * rate-limiter-flexible's `RateLimiterMemory`, whose entries expire with their window), further refusals are
 * neither stored nor logged one by one: they are counted in `gateway_activity_refusals_suppressed_total` and
 * summarised in one audit line per operator and minute (`"event":"refusals_suppressed"`, with the count). Kept in
 * this replica's memory, like the rate limit: the windows expire, and the counts waiting for their summary are
 * written and forgotten every minute and held for at most `maxOperators` operators (the rest summed in one line).
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import { countRefusalsSuppressed } from '../telemetry/metrics.js';

export interface RefusalBudgetOptions {
  /** Refusals of one operator written one by one per hour; 0: none (each one only counted). */
  perHour: number;
  logger: Logger;
  /** Between summaries (default a minute). */
  summaryEveryMs?: number;
  /** Most operators whose suppressed count waits for its summary (default 10 000); more are summed as one. */
  maxOperators?: number;
}

export interface RefusalBudget {
  /** Counts one refusal of `operator`: true when it may be written; false when it was counted instead. */
  admit(operator: string | null): Promise<boolean>;
  /** Writes the summaries of the refusals counted since the last ones (every minute; tests, stop). */
  summarise(): void;
  close(): void;
}

const HOUR_SECONDS = 60 * 60;
/** The summary's user for operators past `maxOperators` (and calls without one). */
const OTHERS = null;

export function createRefusalBudget({
  perHour,
  logger,
  summaryEveryMs = 60_000,
  maxOperators = 10_000,
}: RefusalBudgetOptions): RefusalBudget {
  const limiter = perHour > 0 ? new RateLimiterMemory({ points: perHour, duration: HOUR_SECONDS }) : null;
  const pending = new Map<string, number>();
  let others = 0;

  const suppress = (operator: string | null) => {
    countRefusalsSuppressed();
    if (operator !== null && (pending.has(operator) || pending.size < maxOperators)) {
      pending.set(operator, (pending.get(operator) ?? 0) + 1);
    } else {
      others++;
    }
  };

  const line = (user: string | null, count: number) =>
    (logger.audit ?? logger.info)('audit', {
      event: 'refusals_suppressed',
      user,
      count,
      periodSeconds: Math.round(summaryEveryMs / 1000),
      perHour,
    });

  const summarise = () => {
    for (const [user, count] of pending) line(user, count);
    pending.clear();
    if (others) line(OTHERS, others);
    others = 0;
  };
  const timer = setInterval(summarise, summaryEveryMs);
  timer.unref();

  return {
    async admit(operator) {
      if (!limiter) {
        suppress(operator);
        return false;
      }
      try {
        await limiter.consume(`user:${operator ?? ''}`);
        return true;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        suppress(operator);
        return false;
      }
    },
    summarise,
    close() {
      clearInterval(timer);
      summarise();
    },
  };
}
