/**
 * The money move a root mutation field is running (issue 60), reachable from anywhere in its resolver's async work
 * (AsyncLocalStorage): the REST client awaits `beforeWrite` before every upstream write (the intent is stored
 * first), the bulk runner reports its items, and a retry that resends an unknown outcome skips the gateway's own
 * rule checks (the service answers what it did under the same key).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MutationOutcome } from '../generated/resolvers-types.js';
import type { OperationErrorModel as OperationError } from '../shared/operation-error.js';

export interface PriorItem {
  outcome: MutationOutcome;
  error: OperationError | null;
}

export interface MoveScope {
  /** Before each upstream write: stores the move's intent the first time (MoveNotRecorded when it cannot). */
  beforeWrite(): Promise<void>;
  /** The ids a bulk is about to write, in order (recorded as pending items before the first write). */
  bulkItems(ids: readonly string[]): void;
  /** One bulk item's outcome as soon as it is known (written with the move's next progress). */
  itemDone(id: string, outcome: MutationOutcome): void;
  /**
   * A retry of a move whose outcome was not known: its writes go out again under the same key without the gateway's
   * rule checks, and the service answers what it did (the same answer again when it had done it).
   */
  readonly resending: boolean;
  /** A retried bulk's item answered before (SUCCESS or FAILED): that answer again; null: run it. */
  priorItem(id: string): PriorItem | null;
}

const storage = new AsyncLocalStorage<MoveScope>();

/** The move of the running root mutation field, or null (a query, a preference, no store). */
export const currentMove = (): MoveScope | null => storage.getStore() ?? null;

/** Runs one root mutation field inside its move. */
export const inMove = <T>(scope: MoveScope, run: () => T): T => storage.run(scope, run);
