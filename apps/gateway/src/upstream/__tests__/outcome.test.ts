import { describe, expect, it } from 'vitest';
import { TIMEOUT_READ_MESSAGE, UNAVAILABLE_MESSAGE } from '../error-catalogue.js';
import { UpstreamContractError, UpstreamError, UpstreamTimeout, UpstreamUnavailable } from '../errors.js';
import {
  ACTION_NOT_ALLOWED,
  notAllowed,
  notFoundFailure,
  readFailure,
  UNKNOWN_OUTCOME_MESSAGE,
  writeFailure,
} from '../outcome.js';

const refused = (code: string) =>
  new UpstreamUnavailable('subscription', 'POST', '/x', Object.assign(new Error(code), { code }));

describe('UNKNOWN_OUTCOME_MESSAGE', () => {
  it('is generic: no area named, asks to verify before retrying', () => {
    expect(UNKNOWN_OUTCOME_MESSAGE).toMatch(/^Resultado desconocido/);
    expect(UNKNOWN_OUTCOME_MESSAGE).toMatch(/resultado de la operación/);
    expect(UNKNOWN_OUTCOME_MESSAGE).not.toMatch(/pago|suscripci/i);
  });
});

describe('writeFailure', () => {
  it('a timeout is UNKNOWN', () => {
    expect(writeFailure(new UpstreamTimeout('subscription', 'POST', '/x', 100))).toEqual({
      outcome: 'UNKNOWN',
      error: { message: UNKNOWN_OUTCOME_MESSAGE, code: 'UPSTREAM_TIMEOUT', extendedCode: null },
    });
  });

  it('a connection that never opened is FAILED; one lost mid-request is UNKNOWN', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']) {
      expect(writeFailure(refused(code))).toEqual({
        outcome: 'FAILED',
        error: { message: UNAVAILABLE_MESSAGE, code: 'UPSTREAM_UNAVAILABLE', extendedCode: null },
      });
    }
    expect(writeFailure(refused('ECONNRESET')).outcome).toBe('UNKNOWN');
    const nested = new UpstreamUnavailable(
      'payment',
      'POST',
      '/x',
      new Error('fetch failed', { cause: { code: 'ECONNREFUSED' } }),
    );
    expect(writeFailure(nested).outcome).toBe('FAILED');
  });

  it('a 502/504 or a contract break is UNKNOWN', () => {
    expect(writeFailure(new UpstreamError('payment', 502, 'bad_gateway', null)).outcome).toBe('UNKNOWN');
    expect(writeFailure(new UpstreamError('payment', 504, null, null)).error.code).toBe('UPSTREAM_TIMEOUT');
    expect(writeFailure(new UpstreamContractError('no id')).outcome).toBe('UNKNOWN');
  });

  it('a business refusal is FAILED with the catalogue text, " - " and the extended code', () => {
    expect(
      writeFailure(new UpstreamError('subscription', 404, 'not_found', 'subscription_not_found')),
    ).toEqual({
      outcome: 'FAILED',
      error: {
        message: 'No se encontró la suscripción - subscription_not_found',
        code: 'not_found',
        extendedCode: 'subscription_not_found',
      },
    });
    expect(writeFailure(new UpstreamError('payment', 500, null, null)).error.code).toBe('UPSTREAM_ERROR');
  });

  it('rethrows anything that is not an upstream failure', () => {
    expect(() => writeFailure(new TypeError('bug'))).toThrow('bug');
  });
});

describe('readFailure', () => {
  it('is FAILED even for a timeout (nothing was written)', () => {
    expect(readFailure(new UpstreamTimeout('payment', 'GET', '/pagos/1', 100))).toEqual({
      outcome: 'FAILED',
      error: { message: TIMEOUT_READ_MESSAGE, code: 'UPSTREAM_TIMEOUT', extendedCode: null },
    });
    expect(readFailure(new UpstreamError('payment', 409, 'conflict', 'x')).error.code).toBe('conflict');
    expect(() => readFailure(new Error('bug'))).toThrow('bug');
  });
});

describe('notAllowed and notFoundFailure', () => {
  it('are FAILED with the rule reason, or the catalogue text of the service', () => {
    expect(notAllowed('Está cerrado.')).toEqual({
      outcome: 'FAILED',
      error: { message: 'Está cerrado.', code: ACTION_NOT_ALLOWED, extendedCode: null },
    });
    expect(notFoundFailure('payment', 'payment_not_found')).toEqual({
      outcome: 'FAILED',
      error: {
        message: 'No se encontró el pago - payment_not_found',
        code: 'not_found',
        extendedCode: 'payment_not_found',
      },
    });
  });
});
