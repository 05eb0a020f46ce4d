import { describe, expect, it } from 'vitest';
import { refundRejectionFeedback } from '../action-outcome';

describe('refund outcomes', () => {
  it('a rejected refund shows the status detail with the status as the title', () => {
    const error = {
      message: 'Fondos insuficientes en la cuenta de la entidad - insufficient_funds_in_collector_account',
      code: 'REFUND_REJECTED',
    };
    expect(refundRejectionFeedback('refund', error)).toEqual({
      severity: 'error',
      title: 'Devolución rechazada (estado: rechazado)',
      message: error.message,
    });
    expect(refundRejectionFeedback('reverse', error).title).toBe('Reversión rechazada (estado: rechazado)');
    expect(refundRejectionFeedback('partial', { ...error, code: 'REFUND_PARTIAL' }).title).toBe(
      'Devolución rechazada en parte (estado: parcial)',
    );
    expect(
      refundRejectionFeedback('refund', { message: 'Otro error', code: 'INVALID_STATE' }).title,
    ).toBeUndefined();
  });
});
