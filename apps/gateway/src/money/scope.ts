/**
 * The money move a root mutation field is running (pipeline.ts), held in the request's context (`ctx.moveSlot`):
 * the REST client awaits its `beforeWrite` before every upstream write (the intent is stored first, the hold
 * checked), the action and bulk runners read it to check a retry against the record and report a bulk's items. A
 * mutation's root fields run one after the other, so the slot holds the one field running.
 */
import type { MutationOutcome } from '../generated/resolvers-types.js';
import type { OperationErrorModel as OperationError } from '../shared/operation-error.js';

export interface PriorItem {
  outcome: MutationOutcome;
  error: OperationError | null;
}

export interface MoveScope {
  /**
   * Before each upstream write: stores the move's intent the first time (MoveNotRecorded when it cannot), and checks
   * this gateway still holds the move (MoveHoldLost when another took it).
   */
  beforeWrite(write?: { body?: unknown }): Promise<void>;
  /**
   * The amount the action moves, as it read its record (pesos; null: none): the approval policies weigh it before the
   * write's own `amount` (money/approvals.ts).
   */
  weigh(amount: string | null): void;
  /** The ids a bulk is about to write, in order (recorded as pending items before the first write). */
  bulkItems(ids: readonly string[]): void;
  /** One bulk item's outcome as soon as it is known (written with the move's next progress). */
  itemDone(id: string, outcome: MutationOutcome): void;
  /**
   * A retry of a move whose outcome was not known: its writes go out again under the same key once the record is
   * checked again (shared/run-action.ts, shared/bulk.ts).
   */
  readonly resending: boolean;
  /** A retried bulk's item answered before (SUCCESS or FAILED): that answer again; null: run it. */
  priorItem(id: string): PriorItem | null;
}

/** Where a request's running move is: set by the pipeline around one root mutation field. */
export interface MoveSlot {
  current: MoveScope | null;
}

export const emptyMoveSlot = (): MoveSlot => ({ current: null });

/** Runs one root mutation field with its move in the request's slot, to its end. */
export async function inMove<T>(slot: MoveSlot, scope: MoveScope, run: () => T): Promise<Awaited<T>> {
  slot.current = scope;
  try {
    return await run();
  } finally {
    if (slot.current === scope) slot.current = null;
  }
}
