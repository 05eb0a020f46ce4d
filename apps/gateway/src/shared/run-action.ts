/**
 * One action on one document, the same way in every area: read the current document (a failed read is
 * FAILED: nothing was written), compare its version with the one the operator acted on when the mutation says
 * it (another is VERSION_CONFLICT, no write), check the action's rule for this user now (FAILED with the rule's
 * reason, no write), write once (never retried), and classify a failed write (upstream/outcome.ts: FAILED, or
 * UNKNOWN when the write may have happened). The area builds its payload from the result.
 *
 * A retry that resends a move of unknown outcome under its key (money/scope.ts) checks the record again:
 * still the version the operator confirmed, or already showing this action's result (`applied`: the first send was
 * applied, and the service answers it again under the key), it is sent; a record another operator changed otherwise
 * is VERSION_CONFLICT, nothing sent. A rule that now refuses is the service's to answer unless `applied` says the
 * record does not show the action (then it is refused here as on a first send).
 */
import { notAllowed, readFailure, versionConflict, writeFailure, type Failure } from '../upstream/outcome.js';
import type { MoveSlot } from '../money/scope.js';
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
  /** Whether the document shows this action's intended result (a resend's check; absent: it cannot tell). */
  applied?: (doc: Doc) => boolean;
  /**
   * The amount the action moves on this document (pesos), when what it sends names none (authorizing a withdrawal):
   * the approval policies weigh it (money/approvals.ts). Absent: the write's own `amount`, if any.
   */
  amountOf?: (doc: Doc) => string | null;
}

export type ActionRunResult<Doc, Answer> =
  | { ok: true; before: Doc; answer: Answer }
  /** `doc`: what to show with the failure (null when unread, missing, or the outcome is UNKNOWN). */
  | { ok: false; failure: Failure; doc: Doc | null };

/** Why the write may not be sent to `doc` now (null: send it). */
function checkBeforeSend<Doc>(run: ActionRun<Doc, unknown>, doc: Doc, resending: boolean): Failure | null {
  const current = run.expectedVersion == null ? null : run.versionOf?.(doc);
  const changed = current != null && current !== run.expectedVersion;
  if (resending) {
    if (changed) return run.applied?.(doc) ? null : versionConflict();
    const shown = run.applied?.(doc);
    if (shown !== false) return null;
  } else if (changed) {
    return versionConflict();
  }
  const decision = run.decide(doc);
  return decision.enabled ? null : notAllowed(decision.reason ?? 'Acción no permitida.');
}

/** `ctx`: the request's, whose slot holds the money move running (a retry is checked again: above). */
export async function runAction<Doc, Answer>(
  ctx: { moveSlot: MoveSlot },
  run: ActionRun<Doc, Answer>,
): Promise<ActionRunResult<Doc, Answer>> {
  let doc: Doc | null;
  try {
    doc = await run.load();
  } catch (error) {
    return { ok: false, failure: readFailure(error), doc: null };
  }
  if (doc === null) return { ok: false, failure: run.notFound, doc: null };
  const refused = checkBeforeSend(run, doc, ctx.moveSlot.current?.resending ?? false);
  if (refused) return { ok: false, failure: refused, doc };
  if (run.amountOf) ctx.moveSlot.current?.weigh(run.amountOf(doc));
  try {
    return { ok: true, before: doc, answer: await run.write(doc) };
  } catch (error) {
    const failure = writeFailure(error);
    run.onWriteFailure?.();
    return { ok: false, failure, doc: failure.outcome === 'UNKNOWN' ? null : doc };
  }
}
