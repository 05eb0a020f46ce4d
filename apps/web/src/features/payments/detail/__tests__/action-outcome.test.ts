import { describe, expect, it } from 'vitest';
import {
  GENERIC_FAILURE_MESSAGE,
  NO_ANSWER_MESSAGE,
  refundRejectionFeedback,
  resolveAction,
} from '../action-outcome';
import { UNKNOWN_OUTCOME_MESSAGE } from '../payment-actions';

describe('mutation outcomes', () => {
  it('SUCCESS closes the dialog', () => {
    expect(resolveAction({ outcome: 'SUCCESS', error: null })).toEqual({ kind: 'success' });
  });

  it('FAILED keeps the dialog open with the gateway message', () => {
    expect(
      resolveAction({
        outcome: 'FAILED',
        error: { message: 'El pago no se puede cancelar - payment_not_cancellable', code: 'invalid_status' },
      }),
    ).toEqual({
      kind: 'feedback',
      reread: false,
      feedback: { severity: 'error', message: 'El pago no se puede cancelar - payment_not_cancellable' },
    });
    expect(resolveAction({ outcome: 'FAILED', error: null })).toMatchObject({
      feedback: { message: GENERIC_FAILURE_MESSAGE },
    });
  });

  it('UNKNOWN is never a success: a warning and the payment is read again', () => {
    const resolution = resolveAction({ outcome: 'UNKNOWN', error: null });
    expect(resolution).toEqual({
      kind: 'feedback',
      reread: true,
      feedback: { severity: 'warning', title: 'Resultado desconocido', message: UNKNOWN_OUTCOME_MESSAGE },
    });
  });

  it('no answer is an error', () => {
    expect(resolveAction(undefined)).toMatchObject({
      kind: 'feedback',
      feedback: { message: NO_ANSWER_MESSAGE },
    });
  });

  it('a rejected refund shows the status detail with the status as the title', () => {
    const error = {
      message: 'Fondos insuficientes en la cuenta de la entidad - insufficient_funds_in_collector_account',
      code: 'rejected',
    };
    expect(refundRejectionFeedback('refund', error)).toEqual({
      severity: 'error',
      title: 'Devolución rechazada (estado: rechazado)',
      message: error.message,
    });
    expect(refundRejectionFeedback('reverse', error).title).toBe('Reversión rechazada (estado: rechazado)');
    expect(refundRejectionFeedback('partial', { ...error, code: 'partial' }).title).toBe(
      'Devolución rechazada en parte (estado: parcial)',
    );
    expect(
      refundRejectionFeedback('refund', { message: 'Otro error', code: 'invalid_status' }).title,
    ).toBeUndefined();
  });
});
