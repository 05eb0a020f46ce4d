import type { MutationOutcome } from '../gql/graphql';
import type { DialogFeedback } from '../dialogs/action-dialog';
import { UNKNOWN_OUTCOME_MESSAGE } from './payment-actions';

/** What every payment mutation answers (PaymentMutationPayload and its refund/notify variants). */
export interface ActionPayloadLike {
  outcome: MutationOutcome;
  error?: { message: string; code?: string | null; extendedCode?: string | null } | null;
}

export type ActionResolution =
  | { kind: 'success' }
  /** The dialog stays open with this feedback; `reread` asks the screen to read the payment again. */
  | { kind: 'feedback'; feedback: DialogFeedback; reread: boolean };

export const NO_ANSWER_MESSAGE = 'No se recibió respuesta del servidor.';
export const GENERIC_FAILURE_MESSAGE = 'No se pudo completar la acción.';

/**
 * SUCCESS closes the dialog with the success text; FAILED shows the gateway's Spanish error (catalogue text,
 * " - ", extended code) inside the dialog; UNKNOWN (the upstream did not answer in time) is never a success:
 * a warning "Resultado desconocido" and the payment is read again before the operator decides.
 */
export function resolveAction(payload: ActionPayloadLike | null | undefined): ActionResolution {
  if (!payload)
    return { kind: 'feedback', feedback: { severity: 'error', message: NO_ANSWER_MESSAGE }, reread: false };
  if (payload.outcome === 'SUCCESS') return { kind: 'success' };
  if (payload.outcome === 'UNKNOWN') {
    return {
      kind: 'feedback',
      feedback: {
        severity: 'warning',
        title: 'Resultado desconocido',
        message: payload.error?.message || UNKNOWN_OUTCOME_MESSAGE,
      },
      reread: true,
    };
  }
  return {
    kind: 'feedback',
    feedback: { severity: 'error', message: payload.error?.message || GENERIC_FAILURE_MESSAGE },
    reread: false,
  };
}

/**
 * A refund, partial refund or reverse the gateway rejected (FAILED with code rejected or partial): the
 * rejection's status detail as the message, with the status as the error's title (spec 000 §4, §8).
 */
export function refundRejectionFeedback(
  variant: 'refund' | 'partial' | 'reverse',
  error: ActionPayloadLike['error'],
): DialogFeedback {
  const code = error?.code?.toLowerCase();
  const title =
    code === 'partial'
      ? 'Devolución rechazada en parte (estado: parcial)'
      : code === 'rejected'
        ? variant === 'reverse'
          ? 'Reversión rechazada (estado: rechazado)'
          : 'Devolución rechazada (estado: rechazado)'
        : undefined;
  return { severity: 'error', title, message: error?.message || 'No se pudo completar la devolución.' };
}
