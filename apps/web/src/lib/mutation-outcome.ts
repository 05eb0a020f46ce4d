/**
 * How every mutation answer reads to the operator (ARCHITECTURE §2 "Mutations"): SUCCESS, FAILED with the
 * gateway's Spanish error (catalogue message, ' - ', extended code), UNKNOWN ("resultado desconocido": the
 * upstream did not answer in time; never a success), or PENDING_APPROVAL ("pendiente de aprobación": an approval
 * policy held the move for a second operator; nothing was sent, neither an error nor a success).
 */
import { withoutFieldPaths } from './field-paths';

/** The schema's MutationOutcome (kept here so the kit does not depend on any feature's documents). */
export type MutationOutcome = 'SUCCESS' | 'FAILED' | 'UNKNOWN' | 'PENDING_APPROVAL';

/**
 * What the shared mutation payloads carry (PaymentMutationPayload, BulkItemResult, subscriptions' ...). Since
 * schema 2.0.0 `code` is the closed enum OperationErrorCode (INVALID_INPUT, ACTION_NOT_ALLOWED, NOT_FOUND,
 * REFUND_REJECTED...), and an input error names its argument in `field` (['matching', 'expectedCount']).
 */
export interface OperationErrorLike {
  message: string;
  code?: string | null;
  extendedCode?: string | null;
  field?: readonly string[] | null;
}

/** The approval request that holds a move (OperationResult's `approval`, set on PENDING_APPROVAL). */
export interface ApprovalLike {
  id: string;
  status?: string | null;
  expiresAt?: string | null;
}

export interface OutcomePayloadLike {
  outcome: MutationOutcome;
  error?: OperationErrorLike | null;
  approval?: ApprovalLike | null;
}

/** What a dialog shows inside itself after a failed (or undecided) submit; it stays open with its values. */
export interface DialogFeedback {
  severity: 'error' | 'warning' | 'info';
  message: string;
  title?: string;
  /**
   * A refusal only reading the record again resolves (another operator changed it): the dialog offers 'Recargar',
   * which calls this and closes, instead of its action.
   */
  reload?: () => void;
  /**
   * An unknown outcome whose next try sends the same request under the same idempotency key (the gateway answers
   * what was done, never does it twice): the dialog says that retrying is safe, and the record's state as read again.
   */
  retrySafe?: boolean;
  /**
   * The answer ends the dialog's work (a move held for approval: sending it again answers the same request): the
   * dialog offers only 'Cerrar'.
   */
  ends?: boolean;
}

export const UNKNOWN_OUTCOME_TITLE = 'Resultado desconocido';
export const UNKNOWN_OUTCOME_MESSAGE =
  'Resultado desconocido: el servicio no respondió a tiempo. Verifique el estado antes de reintentar.';
/** Said under an unknown outcome whose retry is the same request under the same key (`DialogFeedback.retrySafe`). */
export const RETRY_SAFE_MESSAGE =
  'Puede reintentar sin riesgo: se envía la misma operación, que nunca se hace dos veces.';
export const PENDING_APPROVAL_TITLE = 'Pendiente de aprobación';
/** Said under a held move: who may release it, then its request's number when the gateway named it. */
export const PENDING_APPROVAL_MESSAGE =
  'No se envió todavía: otro operador con el mismo permiso debe aprobarla en Aprobaciones.';

/** The operator's text of a move held for approval, with its request's number ('Solicitud N.º 42'). */
export function pendingApprovalMessage(approval: ApprovalLike | null | undefined): string {
  const id = approval?.id?.trim();
  return id ? `${PENDING_APPROVAL_MESSAGE} Solicitud N.º ${id}.` : PENDING_APPROVAL_MESSAGE;
}

export const NO_ANSWER_MESSAGE = 'No se recibió respuesta del servidor.';
export const GENERIC_FAILURE_MESSAGE = 'No se pudo completar la acción.';

/**
 * The operator's text of an operation error (spec 000 §8): the catalogue message, then ' - ' and the
 * extended code when there is one and the message does not already end with it.
 */
export function operationErrorMessage(
  error: OperationErrorLike | null | undefined,
  fallback = GENERIC_FAILURE_MESSAGE,
): string {
  // An input error's sentence names the argument's path for developers ('(matching.expectedCount)'): the operator
  // reads the sentence only, as when it came in the response's errors (before schema 2.0.0).
  const text = error?.message?.trim();
  const message =
    (text && error?.code === 'INVALID_INPUT' ? withoutFieldPaths(text, fieldText(error.field)) : text) ||
    fallback;
  const extended = error?.extendedCode?.trim();
  if (!extended || message.endsWith(` - ${extended}`) || message === extended) return message;
  return `${message} - ${extended}`;
}

/** ['ids', '3'] → 'ids[3]', ['matching', 'expectedCount'] → 'matching.expectedCount': as a message names it. */
const fieldText = (path: readonly string[] | null | undefined): string | undefined =>
  path?.map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index ? `.${part}` : part)).join('');

export type OutcomeResolution =
  | { kind: 'success' }
  /** The move was held for a second operator's approval (nothing sent): the feedback says so and ends the dialog. */
  | { kind: 'pending'; feedback: DialogFeedback; approval: ApprovalLike | null }
  /** `unknown`: the outcome is UNKNOWN, the caller should read the subject again before the operator decides. */
  | { kind: 'failure'; feedback: DialogFeedback; unknown: boolean; answered: boolean };

/** A move held for approval: an information that ends the dialog, with its request's number. */
function pendingResolution(approval: ApprovalLike | null): OutcomeResolution {
  const message = pendingApprovalMessage(approval);
  return {
    kind: 'pending',
    feedback: { severity: 'info', title: PENDING_APPROVAL_TITLE, message, ends: true },
    approval,
  };
}

/**
 * SUCCESS; FAILED -> an error with the operator's text; UNKNOWN -> a warning titled "Resultado desconocido",
 * never a success; PENDING_APPROVAL -> its own case, an information titled "Pendiente de aprobación" with the
 * request's number (neither success nor error); no payload at all -> an error ("No se recibió respuesta").
 */
export function resolveOutcome(payload: OutcomePayloadLike | null | undefined): OutcomeResolution {
  if (!payload) {
    return {
      kind: 'failure',
      feedback: { severity: 'error', message: NO_ANSWER_MESSAGE },
      unknown: false,
      answered: false,
    };
  }
  if (payload.outcome === 'SUCCESS') return { kind: 'success' };
  if (payload.outcome === 'PENDING_APPROVAL') return pendingResolution(payload.approval ?? null);
  if (payload.outcome === 'UNKNOWN') {
    return {
      kind: 'failure',
      feedback: {
        severity: 'warning',
        title: UNKNOWN_OUTCOME_TITLE,
        message: payload.error?.message?.trim() || UNKNOWN_OUTCOME_MESSAGE,
      },
      unknown: true,
      answered: true,
    };
  }
  return {
    kind: 'failure',
    feedback: { severity: 'error', message: operationErrorMessage(payload.error) },
    unknown: false,
    answered: true,
  };
}

/**
 * A whole bulk request the gateway refused (schema 2.0.0: its payload FAILED with `error` and no item, e.g. the
 * search now finds another count, INVALID_INPUT on ['matching', 'expectedCount']): its Spanish sentence is the
 * error's message, which the bulk flow shows in its dialog, what was typed kept (lib/errors.ts `describeError`).
 */
export class MutationRefusal extends Error {
  override readonly name = 'MutationRefusal';
  constructor(readonly error: OperationErrorLike) {
    super(operationErrorMessage(error));
  }
}

/**
 * A bulk the gateway held for approval (PENDING_APPROVAL: nothing sent), thrown by `bulkResultsOf`: the progress
 * dialog marks its items 'Pendiente de aprobación' (neither failed nor retried), elsewhere its message is said.
 */
export class PendingApproval extends Error {
  override readonly name = 'PendingApproval';
  constructor(readonly approval: ApprovalLike | null) {
    super(`${PENDING_APPROVAL_TITLE}: ${pendingApprovalMessage(approval)}`);
  }
}

/**
 * A bulk mutation's results (one per item). No payload at all (a null root field, no data) is no answer: it throws
 * "No se recibió respuesta", which the bulk flow shows for every item, as for a request that failed; a request
 * refused as a whole throws its refusal (MutationRefusal); one held for approval throws PendingApproval.
 */
export function bulkResultsOf<T>(
  payload:
    | {
        results: readonly T[];
        outcome?: MutationOutcome;
        error?: OperationErrorLike | null;
        approval?: ApprovalLike | null;
      }
    | null
    | undefined,
): T[] {
  if (!payload) throw new Error(NO_ANSWER_MESSAGE);
  // A bulk held for approval sent nothing: said as a whole, with its request's number, never as items' failures.
  if (payload.outcome === 'PENDING_APPROVAL') throw new PendingApproval(payload.approval ?? null);
  if (payload.error && payload.results.length === 0 && payload.outcome !== 'SUCCESS') {
    throw new MutationRefusal(payload.error);
  }
  return [...payload.results];
}
