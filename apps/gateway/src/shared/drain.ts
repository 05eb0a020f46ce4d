/**
 * The drain deadline of a stopping gateway (docs/operations.md §9): when the process is told to stop, requests
 * in flight may still run for SHUTDOWN_GRACE_MS, after which their connections are cut. A little before that
 * moment the drain deadline fires, so that a long bulk action can still answer: runBulk stops starting items,
 * reports the ones never sent as FAILED (safe to retry) and the ones whose write was in flight as UNKNOWN.
 *
 * The deadline reaches runBulk through the GraphQL context (`ctx.drainSignal`), not through an
 * AsyncLocalStorage: on Node 20 one active store turns on async hooks for every promise of every request.
 */

/** The longest time kept between the drain deadline and the end of the grace period, to send the answers. */
export const DRAIN_ANSWER_MARGIN_MS = 5_000;

/**
 * When the drain deadline fires after the stop starts: the grace period minus the time to send the answers
 * (a quarter of the grace period, at most DRAIN_ANSWER_MARGIN_MS).
 */
export function drainDeadlineMs(graceMs: number): number {
  const grace = Math.max(0, graceMs);
  return grace - Math.min(DRAIN_ANSWER_MARGIN_MS, Math.floor(grace / 4));
}

export interface Drain {
  /** Aborted when the drain deadline arrives. */
  readonly signal: AbortSignal;
  /** The stop started: the deadline fires `drainDeadlineMs(graceMs)` later (once; later calls do nothing). */
  begin(graceMs: number): void;
  /** The stop ended: clears the pending timer (the deadline does not fire any more). */
  dispose(): void;
}

export function createDrain(): Drain {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let begun = false;
  return {
    signal: controller.signal,
    begin(graceMs) {
      if (begun) return;
      begun = true;
      const delay = drainDeadlineMs(graceMs);
      if (delay <= 0) {
        controller.abort();
        return;
      }
      timer = setTimeout(() => controller.abort(), delay);
    },
    dispose() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * Settles like `work`, or with `onDeadline()` as soon as `signal` aborts (whichever comes first). The work is
 * not cancelled: a write already sent may still land upstream.
 */
export function raceDeadline<T>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
  onDeadline: () => T,
): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.resolve(onDeadline());
  }
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      work.catch(() => undefined);
      resolve(onDeadline());
    };
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}
