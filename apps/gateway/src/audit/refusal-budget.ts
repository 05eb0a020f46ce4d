/**
 * The per-operator budget of refused calls written one by one. A refused request is one audit line and
 * one activity row; past `perHour` of them for one operator in an hour (a fixed window per operator, counted by
 * the generic budget of lines, line-budget.ts, whose windows expire), further refusals are
 * neither stored nor logged one by one: they are counted in `gateway_activity_refusals_suppressed_total` and
 * summarised in one audit line per operator and minute (`"event":"refusals_suppressed"`, with the count). Kept in
 * this replica's memory, like the rate limit: the windows expire, and the counts waiting for their summary are
 * written and forgotten every minute and held for at most `maxOperators` operators (the rest summed in one line).
 */
import type { Logger } from '../logger.js';
import { countRefusalsSuppressed } from '../telemetry/metrics.js';
import { createLineBudget } from './line-budget.js';

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

const HOUR_MS = 60 * 60 * 1000;

/** One operator's budget of refusals per hour, on the generic budget of lines (line-budget.ts). */
export function createRefusalBudget({
  perHour,
  logger,
  summaryEveryMs = 60_000,
  maxOperators = 10_000,
}: RefusalBudgetOptions): RefusalBudget {
  const lines = createLineBudget({
    perWindow: perHour,
    windowMs: HOUR_MS,
    summaryEveryMs,
    maxSources: maxOperators,
    suppressed: countRefusalsSuppressed,
    summary: (user, count) =>
      (logger.audit ?? logger.info)('audit', {
        event: 'refusals_suppressed',
        user,
        count,
        periodSeconds: Math.round(summaryEveryMs / 1000),
        perHour,
      }),
  });
  return {
    async admit(operator) {
      return lines.admit(operator);
    },
    summarise: lines.summarise,
    close: lines.close,
  };
}
