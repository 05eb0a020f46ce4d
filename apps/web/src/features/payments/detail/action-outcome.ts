import {
  operationErrorMessage,
  type DialogFeedback,
  type OperationErrorLike,
} from '@/lib/mutation-outcome';

/**
 * A refund, partial refund or reverse the gateway rejected (FAILED with code rejected or partial): the
 * rejection's status detail as the message, with the status as the error's title (spec 000 §4, §8).
 * Every other outcome reads as any mutation's (lib/use-mutation-outcome).
 */
export function refundRejectionFeedback(
  variant: 'refund' | 'partial' | 'reverse',
  error: OperationErrorLike | null | undefined,
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
  return {
    severity: 'error',
    title,
    message: operationErrorMessage(error, 'No se pudo completar la devolución.'),
  };
}
