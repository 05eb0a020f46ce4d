/**
 * One action on one document, the same way in every area: read the current document (a failed read is
 * FAILED: nothing was written), unless it resends a move of unknown outcome (activity/move-scope.ts), compare its version with the one the operator acted on when the mutation says
 * it (another is VERSION_CONFLICT, no write: issue 45), check the action's rule for this user now (FAILED with
 * the rule's reason, no write), write once (never retried), and classify a failed write (upstream/outcome.ts:
 * FAILED, or UNKNOWN when the write may have happened). The area builds its payload from the result.
 */
import { notAllowed, readFailure, versionConflict, writeFailure, type Failure } from '../upstream/outcome.js';
import { currentMove } from '../activity/move-scope.js';
import type { ActionDecision } from './actions.js';

export interface ActionRun<Doc, Answer> {
  /** Reads the current document (a loader); null when it does not exist. */
  load: () => Promise<Doc | null>;
  notFound: Failure;
  decide: (doc: Doc) => ActionDecision;
  /**
   * The version of the document the operator acted on (a mutation's `expectedVersion`), and how to read the
   * current one's: when both are known and differ, the action is refused as a version conflict before its rule.
   */
  expectedVersion?: number | null;
  versionOf?: (doc: Doc) => number | null | undefined;
  /** The write, and the mapping of its answer (a contract break there is UNKNOWN, not FAILED). */
  write: (doc: Doc) => Promise<Answer>;
  /** After a failed write, before the result (e.g. forget what the request read). */
  onWriteFailure?: () => void;
}

export type ActionRunResult<Doc, Answer> =
  | { ok: true; before: Doc; answer: Answer }
  /** `doc`: what to show with the failure (null when unread, missing, or the outcome is UNKNOWN). */
  | { ok: false; failure: Failure; doc: Doc | null };

export async function runAction<Doc, Answer>(
  run: ActionRun<Doc, Answer>,
): Promise<ActionRunResult<Doc, Answer>> {
  let doc: Doc | null;
  try {
    doc = await run.load();
  } catch (error) {
    return { ok: false, failure: readFailure(error), doc: null };
  }
  if (doc === null) return { ok: false, failure: run.notFound, doc: null };
  // A retry of a move whose outcome was unknown resends it under the same key: the service answers what it did
  // (the gateway's own checks would refuse a move that was in fact made: activity/move-scope.ts).
  if (!currentMove()?.resending) {
    const current = run.expectedVersion == null ? null : run.versionOf?.(doc);
    if (current != null && current !== run.expectedVersion) {
      return { ok: false, failure: versionConflict(), doc };
    }
    const decision = run.decide(doc);
    if (!decision.enabled) {
      return { ok: false, failure: notAllowed(decision.reason ?? 'Acción no permitida.'), doc };
    }
  }
  try {
    return { ok: true, before: doc, answer: await run.write(doc) };
  } catch (error) {
    const failure = writeFailure(error);
    run.onWriteFailure?.();
    return { ok: false, failure, doc: failure.outcome === 'UNKNOWN' ? null : doc };
  }
}
