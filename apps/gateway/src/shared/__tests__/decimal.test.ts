import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimalInput, toDecimal } from '../decimal.js';

describe('toDecimal', () => {
  it.each([
    [1234.5, '1234.50'],
    [0, '0.00'],
    [-0, '0.00'],
    [1.005, '1.01'],
    [1.004, '1.00'],
    [0.1 + 0.2, '0.30'],
    [99.995, '100.00'],
    [-12.345, '-12.35'],
    [1e21, '1000000000000000000000.00'],
    [5e-7, '0.00'],
    ['1234.5', '1234.50'],
    ['0012.3', '12.30'],
    ['7,25', '7.25'],
    [null, null],
    [undefined, null],
    ['', null],
  ])('%s -> %s', (input, expected) => {
    expect(toDecimal(input)).toBe(expected);
  });

  it('refuses what is not an amount', () => {
    expect(() => toDecimal('abc')).toThrow();
    expect(() => toDecimal(Number.NaN)).toThrow();
    expect(() => toDecimal({})).toThrow();
  });

  it('always has two decimals and matches cents arithmetic for integers of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        const value = cents / 100;
        const decimal = toDecimal(value)!;
        expect(decimal).toMatch(/^-?\d+\.\d{2}$/);
        expect(Math.round(Number(decimal) * 100)).toBe(cents === 0 ? 0 : cents);
      }),
    );
  });
});

describe('parseDecimalInput', () => {
  it('accepts up to two decimals with dot or comma', () => {
    expect(parseDecimalInput('10')).toBe('10.00');
    expect(parseDecimalInput('10,5')).toBe('10.50');
    expect(parseDecimalInput(' 10.55 ')).toBe('10.55');
    expect(parseDecimalInput('10.555')).toBeNull();
    expect(parseDecimalInput('1e3')).toBeNull();
    expect(parseDecimalInput('')).toBeNull();
  });
});
