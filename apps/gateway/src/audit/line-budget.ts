/**
 * A budget of log lines per source (refusals per operator; forged tokens and /files refusals per client address):
 * a source's first `perWindow` lines of a window are written one by one; past them its lines
 * are only counted, and the counts are written as one summary per source every `summaryEveryMs` (a minute), so a
 * flood writes a line a minute instead of a line a request. Windows are fixed, one per source, starting with its
 * first line. Kept in memory and bounded: at most `maxSources` sources have a window or a count waiting (the lines
 * of any further source are counted together, the summary's source null), and expired windows go at each summary.
 */

import type { Logger } from '../logger.js';

export interface LineBudgetOptions {
  /** Lines of one source written one by one per window; 0: none (each one only counted). */
  perWindow: number;
  windowMs: number;
  /** Writes one summary: `count` lines of `source` counted since the last one (null: sources past maxSources). */
  summary(source: string | null, count: number): void;
  /** Told of each line counted instead of written (a metric). */
  suppressed?(): void;
  /** Between summaries (default a minute). */
  summaryEveryMs?: number;
  /** Most sources with a window or a count waiting (default 10 000). */
  maxSources?: number;
  /** The clock (default Date.now). */
  now?: () => number;
}

export interface LineBudget {
  /** Counts one line of `source`: true when it may be written; false when it was counted instead. */
  admit(source: string | null): boolean;
  /** Writes the summaries of the lines counted since the last ones (every `summaryEveryMs`; tests, stop). */
  summarise(): void;
  /** Stops the summaries' timer, writing what is waiting. */
  close(): void;
}

export function createLineBudget({
  perWindow,
  windowMs,
  summary,
  suppressed,
  summaryEveryMs = 60_000,
  maxSources = 10_000,
  now = () => Date.now(),
}: LineBudgetOptions): LineBudget {
  /** Each source's window: when it started and how many lines it wrote. */
  const windows = new Map<string, { start: number; written: number }>();
  const pending = new Map<string, number>();
  let others = 0;

  const count = (source: string | null) => {
    suppressed?.();
    if (source !== null && (pending.has(source) || pending.size < maxSources)) {
      pending.set(source, (pending.get(source) ?? 0) + 1);
    } else {
      others++;
    }
  };

  const summarise = () => {
    for (const [source, counted] of pending) summary(source, counted);
    pending.clear();
    if (others) summary(null, others);
    others = 0;
    const at = now();
    for (const [source, window] of windows) if (at - window.start >= windowMs) windows.delete(source);
  };
  const timer = setInterval(summarise, summaryEveryMs);
  timer.unref();

  return {
    admit(source) {
      const key = source ?? '';
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.start >= windowMs) {
        window = { start: at, written: 0 };
        if (windows.has(key) || windows.size < maxSources) windows.set(key, window);
        else window.written = perWindow; // no room to follow it: counted, like the sources past maxSources
      }
      if (window.written >= perWindow) {
        count(source);
        return false;
      }
      window.written++;
      return true;
    },
    summarise,
    close() {
      clearInterval(timer);
      summarise();
    },
  };
}

/** Lines of one client address (or operator) written one by one per minute (REFUSAL_LINES_PER_MINUTE's default). */
export const SOURCE_LINES_PER_MINUTE = 20;

/**
 * A budget of `perMinute` lines per source and minute, summarised each minute: the log lines of forged or stale
 * tokens (per client address) and of /files refusals (per operator, or address without one).
 */
export function perSourceBudget(
  summary: (source: string | null, count: number, periodSeconds: number) => void,
  perMinute = SOURCE_LINES_PER_MINUTE,
): LineBudget {
  return createLineBudget({
    perWindow: perMinute,
    windowMs: 60_000,
    summary: (source, count) => summary(source, count, 60),
  });
}

/** The budget of "token rejected" warnings, per client address: the /graphql token check's and /files'. */
export function rejectedTokenLines(
  logger: Pick<Logger, 'warn'>,
  perMinute = SOURCE_LINES_PER_MINUTE,
): LineBudget {
  return perSourceBudget(
    (source, count, periodSeconds) =>
      logger.warn('tokens rejected, not logged one by one', { source, count, periodSeconds }),
    perMinute,
  );
}
