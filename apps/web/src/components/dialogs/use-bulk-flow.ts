import { useCallback, useMemo, useState } from 'react';
import { newIdempotencyKey } from '../../lib/use-idempotency-key';
import { focusedElement } from './focused-element';

/**
 * The dialogs of a list action. On one item: its input dialog, then the mutation. On a multi-selection: the
 * selection is confirmed first (850 px), then the value is asked, then each item's outcome is shown (progress).
 * Every flow is one operator intent: it carries one idempotency key and the element focus returns to.
 */
/**
 * A multi-selection over every item matching the list's search ("all N matching"): `count` is what the operator
 * confirms; the area runs the action over its filter instead of ids.
 */
export interface MatchingSelection {
  count: number;
}

export type ActionFlow<K extends string, T, V> =
  | { mode: 'single'; kind: K; item: T; intentKey: string; returnFocusTo: HTMLElement | null }
  | {
      mode: 'bulk';
      kind: K;
      items: readonly T[];
      step: 'confirm' | 'input';
      /** Set when the selection is every item matching the search. */
      matching?: MatchingSelection;
      intentKey: string;
      returnFocusTo: HTMLElement | null;
    }
  | {
      mode: 'bulk';
      kind: K;
      items: readonly T[];
      step: 'progress';
      value: V;
      matching?: MatchingSelection;
      intentKey: string;
      returnFocusTo: HTMLElement | null;
    };

export interface BulkFlowControl<K extends string, T, V> {
  flow: ActionFlow<K, T, V> | null;
  /** One item (a row's menu): straight to its input dialog. */
  startSingle(kind: K, item: T): void;
  /** A multi-selection: confirm the selection first (`matching`: every item matching the search). */
  startBulk(kind: K, items: readonly T[], matching?: MatchingSelection): void;
  /** The confirm dialog's "Continuar": on to the input step (answers null: the dialog closes). */
  confirmSelection(): Promise<null>;
  /** The input dialog's value: on to the progress step. */
  submitValue(value: V): Promise<null>;
  close(): void;
}

/** One state machine for single and multi-selection actions (confirm -> input -> progress). */
export function useBulkFlow<K extends string, T, V>(): BulkFlowControl<K, T, V> {
  const [flow, setFlow] = useState<ActionFlow<K, T, V> | null>(null);
  const startSingle = useCallback((kind: K, item: T) => {
    setFlow({ mode: 'single', kind, item, intentKey: newIdempotencyKey(), returnFocusTo: focusedElement() });
  }, []);
  const startBulk = useCallback((kind: K, items: readonly T[], matching?: MatchingSelection) => {
    setFlow({
      mode: 'bulk',
      kind,
      items,
      step: 'confirm',
      ...(matching ? { matching } : {}),
      intentKey: newIdempotencyKey(),
      returnFocusTo: focusedElement(),
    });
  }, []);
  const confirmSelection = useCallback(async () => {
    setFlow((current) =>
      current?.mode === 'bulk' && current.step === 'confirm' ? { ...current, step: 'input' } : current,
    );
    return null;
  }, []);
  const submitValue = useCallback(async (value: V) => {
    setFlow((current) =>
      current?.mode === 'bulk' && current.step === 'input'
        ? { ...current, step: 'progress', value }
        : current,
    );
    return null;
  }, []);
  const close = useCallback(() => setFlow(null), []);
  return useMemo(
    () => ({ flow, startSingle, startBulk, confirmSelection, submitValue, close }),
    [flow, startSingle, startBulk, confirmSelection, submitValue, close],
  );
}
