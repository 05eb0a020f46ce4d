import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@backoffice/validators';
import { amountError, toDecimalAmount } from '../amount';

describe('subscription amount prompt', () => {
  it('accepts digits with up to 2 decimals, dot or comma, without an upper bound', () => {
    expect(amountError('1500')).toBeUndefined();
    expect(amountError('1500,5')).toBeUndefined();
    expect(amountError('1500.55')).toBeUndefined();
    expect(amountError('12345678901234567890123')).toBeUndefined();
  });

  it('accepts the amount typed the Argentine way, as every amount field', () => {
    expect(amountError('26.717,23')).toBeUndefined();
    expect(toDecimalAmount('26.717,23')).toBe('26717.23');
    expect(toDecimalAmount('26717,23')).toBe('26717.23');
    expect(toDecimalAmount('26717.23')).toBe('26717.23');
  });

  it('refuses empty, malformed, more than 2 decimals and zero, in Spanish', () => {
    expect(amountError('')).toBe('*Campo requerido.');
    expect(amountError('12a')).toBe(MESSAGES.amountFormat);
    expect(amountError('26,717.23')).toBe(MESSAGES.amountFormat);
    expect(amountError('1,234')).toBe(MESSAGES.amountFormat);
    expect(amountError('-5')).toBe(MESSAGES.amountFormat);
    expect(amountError('0,00')).toBe(MESSAGES.amountPositive);
  });

  it('sends a two-decimal Decimal without float arithmetic', () => {
    expect(toDecimalAmount('1500')).toBe('1500.00');
    expect(toDecimalAmount('1500,5')).toBe('1500.50');
    expect(toDecimalAmount('007.10')).toBe('7.10');
    expect(toDecimalAmount('9007199254740993.99')).toBe('9007199254740993.99');
  });
});
