import {
  UNKNOWN_OUTCOME_MESSAGE,
  operationErrorMessage,
  type MutationOutcome,
  type OperationErrorLike,
} from '../../lib/mutation-outcome';

/**
 * State of the multi-selection progress dialog (spec 000 §8 and the "Reintentar fallidos" addition): one
 * entry per selected item; a bulk mutation answers one result per id, each item checked and written on its
 * own (an item no longer eligible fails with its own reason, the others go on).
 */
export type BulkItemState = 'pending' | 'running' | 'success' | 'error' | 'unknown' | 'held';

export interface BulkItem {
  id: string;
  /** What identifies the item to the operator (concept, payer...). */
  label?: string;
  state: BulkItemState;
  /** Success text, or the catalogue message + " - " + extended code. */
  message?: string;
  /** How many times it was sent. */
  attempts: number;
}

export interface BulkResultLike {
  id: string;
  outcome: MutationOutcome;
  error?: OperationErrorLike | null;
}

export const UNKNOWN_RESULT_MESSAGE = UNKNOWN_OUTCOME_MESSAGE;
export const MISSING_RESULT_MESSAGE = 'Resultado desconocido: no se recibió respuesta para este elemento.';

export function initialBulkItems(items: readonly { id: string; label?: string }[]): BulkItem[] {
  const seen = new Set<string>();
  return items
    .filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)))
    .map((item) => ({ id: item.id, label: item.label, state: 'pending', attempts: 0 }));
}

export function markRunning(items: readonly BulkItem[], ids: readonly string[]): BulkItem[] {
  const set = new Set(ids);
  return items.map((item) =>
    set.has(item.id) ? { ...item, state: 'running', message: undefined, attempts: item.attempts + 1 } : item,
  );
}

/**
 * Applies one result per id, each on its own: SUCCESS -> success with `successMessage` (and, with `resultLabel`,
 * the label it gives, e.g. the new amount instead of the old one); FAILED -> error with the catalogue message,
 * ' - ' and the extended code; UNKNOWN (timed out) -> unknown, never success. A sent id without a result stays
 * unknown.
 */
export function applyBulkResults<R extends BulkResultLike>(
  items: readonly BulkItem[],
  results: readonly R[],
  successMessage: string,
  resultLabel?: (result: R) => string | undefined,
): BulkItem[] {
  const byId = new Map(results.map((r) => [r.id, r]));
  return items.map((item) => {
    if (item.state !== 'running') return item;
    const result = byId.get(item.id);
    if (!result) return { ...item, state: 'unknown', message: MISSING_RESULT_MESSAGE };
    if (result.outcome === 'SUCCESS') {
      return {
        ...item,
        state: 'success',
        message: successMessage,
        label: resultLabel?.(result) ?? item.label,
      };
    }
    if (result.outcome === 'UNKNOWN') {
      return { ...item, state: 'unknown', message: result.error?.message?.trim() || UNKNOWN_RESULT_MESSAGE };
    }
    return { ...item, state: 'error', message: operationErrorMessage(result.error) };
  });
}

/** The request itself failed (network, permission): every running item failed with that message. */
export function failRunning(items: readonly BulkItem[], message: string): BulkItem[] {
  return items.map((item) => (item.state === 'running' ? { ...item, state: 'error', message } : item));
}

/**
 * The request was held for approval (PENDING_APPROVAL: nothing sent): every running item waits for a second
 * operator, with that message; neither failed (never retried: it is the same request) nor done.
 */
export function holdRunning(items: readonly BulkItem[], message: string): BulkItem[] {
  return items.map((item) => (item.state === 'running' ? { ...item, state: 'held', message } : item));
}

/** Ids "Reintentar fallidos" sends again: only the failed ones (an unknown result is never retried blindly). */
export function failedIds(items: readonly BulkItem[]): string[] {
  return items.filter((item) => item.state === 'error').map((item) => item.id);
}

export interface BulkSummary {
  total: number;
  success: number;
  error: number;
  unknown: number;
  /** Held for approval (nothing sent). */
  held: number;
  running: number;
  done: boolean;
}

export function summarizeBulk(items: readonly BulkItem[]): BulkSummary {
  const count = (state: BulkItemState) => items.filter((item) => item.state === state).length;
  const running = count('running') + count('pending');
  return {
    total: items.length,
    success: count('success'),
    error: count('error'),
    unknown: count('unknown'),
    held: count('held'),
    running,
    done: running === 0,
  };
}
