import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import {
  checkRefundAmount,
  isPartialRefund,
  REFUND_AMOUNT_MESSAGES,
  refundAmountSchema,
} from './refund-amount.js';

describe('checkRefundAmount', () => {
  it.each([
    ['', MESSAGES.required],
    ['12,345', MESSAGES.amountFormat],
    ['12.345', REFUND_AMOUNT_MESSAGES.overRemaining('1500.00')], // es-AR thousands: twelve thousand
    ['1.500', undefined],
    ['abc', MESSAGES.amountFormat],
    ['-1', MESSAGES.amountFormat],
    ['0', REFUND_AMOUNT_MESSAGES.positive],
    ['0,00', REFUND_AMOUNT_MESSAGES.positive],
    ['1500.01', REFUND_AMOUNT_MESSAGES.overRemaining('1500.00')],
    ['2000', REFUND_AMOUNT_MESSAGES.overRemaining('1500.00')],
    ['0.01', undefined],
    ['600,5', undefined],
    ['1500', undefined],
    ['1500.00', undefined],
  ])('%j against 1500.00 -> %j', (value, message) => {
    expect(checkRefundAmount(value, '1500.00')).toBe(message);
  });

  it('names the remaining amount in Spanish format', () => {
    expect(checkRefundAmount('1234.57', '1234.56')).toBe(
      '*El importe no puede superar el saldo a devolver ($ 1.234,56).',
    );
  });

  it('compares as decimals, not floats (0.1 + 0.2 style)', () => {
    expect(checkRefundAmount('0.30', '0.3')).toBeUndefined();
  });
});

describe('isPartialRefund', () => {
  it('is partial only when smaller than what is left', () => {
    expect(isPartialRefund('600.50', '1500.00')).toBe(true);
    expect(isPartialRefund('1500.00', '1500')).toBe(false);
  });
});

describe('refundAmountSchema', () => {
  it('reports the rule message', async () => {
    await expect(refundAmountSchema('10.00').validate('10.01')).rejects.toThrow(
      REFUND_AMOUNT_MESSAGES.overRemaining('10.00'),
    );
    await expect(refundAmountSchema('10.00').validate('9,99')).resolves.toBe('9,99');
  });
});
