import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@backoffice/validators';
import { amountFilterError, amountFilterValue } from '../amount-filter';

describe('amount filters (one parser for every amount field and filter)', () => {
  it.each([
    ['26717.23', '26717.23'],
    ['26717,23', '26717.23'],
    ['26.717,23', '26717.23'],
    ['1.500', '1500.00'],
    ['1.500,50', '1500.50'],
    ['1.000,50', '1000.50'],
    [' 1000.50 ', '1000.50'],
  ])('%j is searched as %j', (text, value) => {
    expect(amountFilterError(text)).toBeUndefined();
    expect(amountFilterValue(text)).toBe(value);
  });

  it.each(['abc', '1.50.000', '1,500.50', '12,345', '-5', '1e3', '$100'])(
    '%j gets the message under the field and is not searched',
    (text) => {
      expect(amountFilterError(text)).toBe(MESSAGES.amountFormat);
      expect(amountFilterValue(text)).toBeNull();
    },
  );

  it('an empty field is no filter and no error', () => {
    expect(amountFilterError('  ')).toBeUndefined();
    expect(amountFilterValue('')).toBeNull();
  });
});
