import { describe, expect, it } from 'vitest';
import { describeError } from '../errors';
import {
  bulkResultsOf,
  GENERIC_FAILURE_MESSAGE,
  MutationRefusal,
  NO_ANSWER_MESSAGE,
  UNKNOWN_OUTCOME_MESSAGE,
  operationErrorMessage,
  resolveOutcome,
} from '../mutation-outcome';
import { splitCodedMessage } from '../coded-message';
import { newIdempotencyKey } from '../use-idempotency-key';

describe('mutation outcomes', () => {
  it('SUCCESS is a success', () => {
    expect(resolveOutcome({ outcome: 'SUCCESS', error: null })).toEqual({ kind: 'success' });
  });

  it('FAILED: the gateway message, with " - " and the extended code when it does not carry it yet', () => {
    expect(
      resolveOutcome({
        outcome: 'FAILED',
        error: {
          message: 'El pago no se puede cancelar - payment_not_cancellable',
          extendedCode: 'payment_not_cancellable',
        },
      }),
    ).toEqual({
      kind: 'failure',
      unknown: false,
      answered: true,
      feedback: { severity: 'error', message: 'El pago no se puede cancelar - payment_not_cancellable' },
    });
    expect(
      operationErrorMessage({ message: 'Fondos insuficientes', extendedCode: 'insufficient_funds' }),
    ).toBe('Fondos insuficientes - insufficient_funds');
    expect(resolveOutcome({ outcome: 'FAILED', error: null })).toMatchObject({
      feedback: { message: GENERIC_FAILURE_MESSAGE },
    });
  });

  it('UNKNOWN is never a success: a warning "Resultado desconocido", to be read again', () => {
    expect(resolveOutcome({ outcome: 'UNKNOWN', error: null })).toEqual({
      kind: 'failure',
      unknown: true,
      answered: true,
      feedback: { severity: 'warning', title: 'Resultado desconocido', message: UNKNOWN_OUTCOME_MESSAGE },
    });
    // The generic text names no area.
    expect(UNKNOWN_OUTCOME_MESSAGE).not.toMatch(/pago/);
  });

  it('no answer is an error', () => {
    expect(resolveOutcome(undefined)).toMatchObject({
      kind: 'failure',
      answered: false,
      feedback: { severity: 'error', message: NO_ANSWER_MESSAGE },
    });
  });
});

describe('bulk results', () => {
  it('are the payload’s results; no payload (a null root field) is no answer', () => {
    expect(bulkResultsOf({ results: [{ id: '1' }] })).toEqual([{ id: '1' }]);
    expect(() => bulkResultsOf(null)).toThrow(NO_ANSWER_MESSAGE);
    expect(() => bulkResultsOf(undefined)).toThrow(NO_ANSWER_MESSAGE);
  });
});

describe('the 2.0.0 refusal model', () => {
  it('an input error reads as its sentence, without the argument it names for developers', () => {
    const refused = resolveOutcome({
      outcome: 'FAILED',
      error: {
        message: 'El motivo (reason) admite hasta 500 caracteres.',
        code: 'INVALID_INPUT',
        field: ['reason'],
      },
    });
    expect(refused).toMatchObject({
      kind: 'failure',
      feedback: { message: 'El motivo admite hasta 500 caracteres.' },
    });
    // Another code keeps its message as the gateway wrote it.
    expect(operationErrorMessage({ message: 'Pago 1 (ver)', code: 'ACTION_NOT_ALLOWED' })).toBe(
      'Pago 1 (ver)',
    );
  });

  it('a bulk refused as a whole (no item, its error) throws its refusal, which the flow shows as the operator’s', () => {
    const payload = {
      outcome: 'FAILED' as const,
      error: {
        message:
          'La búsqueda ahora devuelve 5 pagos, no 4: revísela y vuelva a confirmar (matching.expectedCount).',
        code: 'INVALID_INPUT',
        field: ['matching', 'expectedCount'],
      },
      results: [],
    };
    let thrown: unknown;
    try {
      bulkResultsOf(payload);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MutationRefusal);
    expect(describeError(thrown)).toBe(
      'La búsqueda ahora devuelve 5 pagos, no 4: revísela y vuelva a confirmar.',
    );
    // Items that failed on their own are results, not a refusal of the request.
    const item = { id: '1', outcome: 'FAILED' as const };
    expect(bulkResultsOf({ outcome: 'FAILED', error: null, results: [item] })).toEqual([item]);
  });
});

describe('idempotency key', () => {
  it('is a fresh UUID v4 each time', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});

describe('splitCodedMessage', () => {
  it('takes the code after a refusal, the text keeping its period', () => {
    expect(splitCodedMessage('El BIN ya existe - bin_exists')).toEqual({
      text: 'El BIN ya existe.',
      code: 'bin_exists',
    });
    expect(splitCodedMessage('Faltan columnas: a, b - missing_columns')).toEqual({
      text: 'Faltan columnas: a, b.',
      code: 'missing_columns',
    });
  });

  it('leaves a message without a code as it is', () => {
    expect(splitCodedMessage('Ups! Ocurrió un error inesperado')).toEqual({
      text: 'Ups! Ocurrió un error inesperado',
      code: null,
    });
    expect(splitCodedMessage('Pago 1000 - Cancelado')).toEqual({ text: 'Pago 1000 - Cancelado', code: null });
  });
});
