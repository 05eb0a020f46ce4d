import {
  operationErrorMessage,
  type DialogFeedback,
  type OperationErrorLike,
} from '@/lib/mutation-outcome';

/**
 * A refund, partial refund or reverse the gateway rejected (FAILED, REFUND_REJECTED or REFUND_PARTIAL): the
 * rejection's status detail as the message, with the status as the error's title (spec 000 §4, §8).
 * Every other outcome reads as any mutation's (lib/use-mutation-outcome).
 */
export function refundRejectionFeedback(
  variant: 'refund' | 'partial' | 'reverse',
  error: OperationErrorLike | null | undefined,
): DialogFeedback {
  // Schema 2.0.0: the refund's status is the enum's REFUND_PARTIAL / REFUND_REJECTED (the service's own code is
  // `serviceCode`).
  const code = error?.code;
  const title =
    code === 'REFUND_PARTIAL'
      ? 'Devolución rechazada en parte (estado: parcial)'
      : code === 'REFUND_REJECTED'
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
