import { describe, expect, it } from 'vitest';
import { normalizeMonthYear, parseMonthYear, parsePeriodInput } from './month-year.js';
import { checkCardExpiration, normalizeCardExpiration } from './card.js';
import { checkHolderName } from './payment-method.js';
import { MESSAGES } from './messages.js';

describe('month and year as typed', () => {
  it.each([
    ['1/2027', '01/2027'],
    ['01/2027', '01/2027'],
    ['01/27', '01/2027'],
    ['1/27', '01/2027'],
    ['0127', '01/2027'],
    ['012027', '01/2027'],
    ['12-2030', '12/2030'],
    [' 3 / 2026 ', '03/2026'],
  ])('%s -> %s', (typed, expected) => {
    expect(normalizeMonthYear(typed)).toBe(expected);
    expect(normalizeCardExpiration(typed)).toBe(expected);
  });

  it.each(['13/2026', '0/2026', '00/27', '1/202', '12/027', '127', 'ab/2027', ''])(
    '%s is not a month',
    (typed) => {
      expect(parseMonthYear(typed)).toBeUndefined();
    },
  );

  it('a card expiration typed in any accepted form normalises to a valid MM/YYYY; 12/027 is not one', () => {
    expect(checkCardExpiration(normalizeCardExpiration('1/2027'))).toBeUndefined();
    expect(checkCardExpiration(normalizeCardExpiration('0127'))).toBeUndefined();
    expect(normalizeCardExpiration('12/027')).toBeUndefined();
    expect(checkCardExpiration('12/027')).toBe(MESSAGES.cardExpirationFormat);
  });

  it('a period must be a real month of a year from 2000 to 2099', () => {
    expect(parsePeriodInput('3/2026')).toBe('2026-03');
    expect(parsePeriodInput('11/2026')).toBe('2026-11');
    expect(parsePeriodInput('13/2026')).toBeUndefined();
    expect(parsePeriodInput('05/1320')).toBeUndefined();
    expect(parsePeriodInput('05/2100')).toBeUndefined();
  });
});

describe('holder name', () => {
  it('is required and at most 100 characters', () => {
    expect(checkHolderName('')).toBe(MESSAGES.nameRequired);
    expect(checkHolderName('a'.repeat(100))).toBeUndefined();
    expect(checkHolderName('a'.repeat(101))).toBe(MESSAGES.holderNameMax);
    expect(checkHolderName('x'.repeat(10_000))).toBe(MESSAGES.holderNameMax);
  });
});
