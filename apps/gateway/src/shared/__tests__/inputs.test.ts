import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { checkId, checkIdempotencyKey, checkReasonInput, MAX_REASON_LENGTH } from '../inputs.js';

function refusal(fn: () => unknown): GraphQLError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);
    return error as GraphQLError;
  }
  throw new Error('expected a BAD_USER_INPUT');
}

describe('checkId', () => {
  it('trims, accepts letters, digits, _ and -, and numbers', () => {
    expect(checkId(' 12345 ')).toBe('12345');
    expect(checkId('sub_A-9')).toBe('sub_A-9');
    expect(checkId(42)).toBe('42');
  });

  it('refuses anything else, naming the field', () => {
    for (const bad of ['', ' ', 'a b', '1/2', '../x', 'x'.repeat(65), null, undefined, {}]) {
      const error = refusal(() => checkId(bad, 'ids[3]'));
      expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'ids[3]' });
      expect(error.message).toBe('El identificador (ids[3]) no es válido.');
    }
  });
});

describe('checkReasonInput', () => {
  it('returns the trimmed reason', () => {
    expect(checkReasonInput('  pedido del cliente ')).toBe('pedido del cliente');
  });

  it("refuses a blank reason with the form's message", () => {
    const error = refusal(() => checkReasonInput('   '));
    expect(error.message).toMatch(/motivo/i);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'reason' });
  });

  it('refuses a reason longer than the limit', () => {
    expect(checkReasonInput('x'.repeat(MAX_REASON_LENGTH))).toHaveLength(MAX_REASON_LENGTH);
    const error = refusal(() => checkReasonInput('x'.repeat(MAX_REASON_LENGTH + 1), 'motivo'));
    expect(error.message).toBe(`El motivo (motivo) admite hasta ${MAX_REASON_LENGTH} caracteres.`);
  });
});

describe('checkIdempotencyKey', () => {
  it('accepts a UUID and 8-128 of [A-Za-z0-9._:-]', () => {
    expect(checkIdempotencyKey(' 3f2b8c1e-5d4a-4f3b-9a2c-1b2c3d4e5f60 ')).toBe(
      '3f2b8c1e-5d4a-4f3b-9a2c-1b2c3d4e5f60',
    );
    expect(checkIdempotencyKey('a.b_c:d-')).toBe('a.b_c:d-');
    expect(checkIdempotencyKey('k'.repeat(128))).toHaveLength(128);
  });

  it('refuses short, long, spaced or non-string keys', () => {
    for (const bad of ['short', 'k'.repeat(129), 'with space x', 'ñandú-ñandú', 12345678, null]) {
      const error = refusal(() => checkIdempotencyKey(bad));
      expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'idempotencyKey' });
    }
  });
});
