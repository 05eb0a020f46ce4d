import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as yup from 'yup';
import {
  amountInputText,
  amountSchema,
  checkAmountRange,
  checkAmount,
  checkSubscriptionAmount,
  isAmount,
  parseAmount,
  parseSubscriptionAmount,
  readAmount,
  subscriptionAmountSchema,
} from './amount.js';
import { formatMoney } from './money.js';
import { MESSAGES } from './messages.js';
import { formikErrors } from './__tests__/reference.js';

describe('checkAmount', () => {
  it.each([
    [undefined, MESSAGES.required],
    ['', MESSAGES.required],
    ['  ', MESSAGES.required],
    ['0', undefined],
    ['1234', undefined],
    ['1234.5', undefined],
    ['1234,5', undefined],
    ['1234.56', undefined],
    ['1234,56', undefined],
    ['1234.567', MESSAGES.amountFormat],
    ['1234.', MESSAGES.amountFormat],
    ['.5', MESSAGES.amountFormat],
    // es-AR thousands: dots group thousands, a comma starts the decimals.
    ['1.234,56', undefined],
    ['1.500', undefined],
    ['26.717,23', undefined],
    ['1.000.000', undefined],
    ['1.50.000', MESSAGES.amountFormat],
    ['1.5000', MESSAGES.amountFormat],
    ['1.500.50', MESSAGES.amountFormat],
    ['1,500.50', MESSAGES.amountFormat],
    ['1.500,505', MESSAGES.amountFormat],
    ['abc', MESSAGES.amountFormat],
    ['-5', MESSAGES.amountFormat],
    ['1e3', MESSAGES.amountFormat],
    ['12 34', MESSAGES.amountFormat],
    ['$100', MESSAGES.amountFormat],
    ['1'.repeat(22), undefined], // 22 characters
    ['1'.repeat(19) + '.55', undefined], // 22 characters with decimals
    ['1'.repeat(23), MESSAGES.inputMaxLength], // 23
    ['1'.repeat(20) + '.55', MESSAGES.inputMaxLength], // 23 with decimals
    [1234.5, undefined],
  ])('checkAmount(%j) -> %j', (value, message) => {
    expect(checkAmount(value)).toBe(message);
  });

  it('isAmount mirrors checkAmount', () => {
    expect(isAmount('10,5')).toBe(true);
    expect(isAmount('10,555')).toBe(false);
  });
});

describe('parseAmount', () => {
  it.each([
    ['1234,5', '1234.50'],
    ['1234.5', '1234.50'],
    ['1234,56', '1234.56'],
    ['1234', '1234.00'],
    ['0', '0.00'],
    ['007', '7.00'],
    ['000,5', '0.50'],
    [' 12,3 ', '12.30'],
    [1234.5, '1234.50'],
    ['9'.repeat(22), `${'9'.repeat(22)}.00`], // no float rounding
    // Every way an operator writes an amount, read as meant.
    ['26717.23', '26717.23'],
    ['26717,23', '26717.23'],
    ['26.717,23', '26717.23'],
    ['1.500', '1500.00'], // a single dot before exactly three digits groups thousands
    ['1.500,50', '1500.50'],
    ['1.000.000,5', '1000000.50'],
    ['1.5', '1.50'], // any other single dot is the decimal point
    ['10.50', '10.50'],
  ])('parseAmount(%j) -> %j', (text, expected) => {
    expect(parseAmount(text)).toBe(expected);
  });

  it('throws the Spanish message on invalid input', () => {
    expect(() => parseAmount('12,345')).toThrow(MESSAGES.amountFormat);
    expect(() => parseAmount('')).toThrow(MESSAGES.required);
  });
});

/** A non-negative Decimal with two decimals, up to 18 integer digits (an amount an operator can type). */
const decimals = fc
  .bigInt({ min: 0n, max: 10n ** 20n - 1n })
  .map((c) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`);

/** Every way es-AR writes the amount: grouped or not, with 0, 1 or 2 decimals when they say the same. */
function esArRenderings(decimal: string): string[] {
  const cents = decimal.slice(-2);
  const shortest = cents === '00' ? 0 : cents.endsWith('0') ? 1 : 2;
  const renderings = [formatMoney(decimal).replace('$ ', ''), amountInputText(decimal)];
  for (const useGrouping of [true, false] as const) {
    for (const minimumFractionDigits of [shortest, 2]) {
      // Intl formats a numeric string exactly (no float), as es-AR writes it ('26.717,23').
      const format = new Intl.NumberFormat('es-AR', {
        useGrouping,
        minimumFractionDigits,
        maximumFractionDigits: 2,
      });
      renderings.push(format.format(decimal as unknown as number));
    }
  }
  return renderings;
}

describe('readAmount: the one reading of a typed amount', () => {
  it.each([
    ['26.717,23', '26717.23'],
    ['26717,23', '26717.23'],
    ['26717.23', '26717.23'],
    ['169.178,46', '169178.46'],
    [' 1.500 ', '1500.00'],
  ])('reads %j as %j', (text, decimal) => {
    expect(readAmount(text)).toBe(decimal);
  });

  it.each(['', 'abc', '26,717.23', '26.717.23', '1.500,505', '-5', '$ 10', '1e3', '12 34'])(
    'reads %j as no amount',
    (text) => {
      expect(readAmount(text)).toBeNull();
    },
  );

  it('reads every es-AR rendering of a Decimal back to that Decimal (and the pasted Decimal itself)', () => {
    fc.assert(
      fc.property(decimals, (decimal) => {
        for (const text of [...esArRenderings(decimal), decimal])
          expect([text, readAmount(text)]).toEqual([text, decimal]);
      }),
    );
  });

  it('opens a field with the es-AR text of a Decimal', () => {
    expect(amountInputText('169178.46')).toBe('169.178,46');
    expect(amountInputText('0.5')).toBe('0,50');
  });
});

describe('subscription amount prompt', () => {
  it('reads the es-AR form like every amount field', () => {
    expect(checkSubscriptionAmount('26.717,23')).toBeUndefined();
    expect(parseSubscriptionAmount('26.717,23')).toBe(26717.23);
  });

  it('has no upper bound and parses as a number', () => {
    expect(checkSubscriptionAmount('1'.repeat(30))).toBeUndefined();
    expect(checkSubscriptionAmount('')).toBe(MESSAGES.required);
    expect(checkSubscriptionAmount('12,345')).toBe(MESSAGES.amountFormat);
    expect(parseSubscriptionAmount('1234,5')).toBe(1234.5);
    expect(parseSubscriptionAmount('99.99')).toBe(99.99);
    expect(() => parseSubscriptionAmount('abc')).toThrow(MESSAGES.amountFormat);
  });

  it('subscriptionAmountSchema casts to a number with the same messages', async () => {
    await expect(subscriptionAmountSchema.validate('1234,5')).resolves.toBe(1234.5);
    await expect(subscriptionAmountSchema.validate('1'.repeat(25))).resolves.toBe(Number('1'.repeat(25)));
    await expect(subscriptionAmountSchema.validate(250)).resolves.toBe(250);
    await expect(subscriptionAmountSchema.validate('')).rejects.toThrow(MESSAGES.required);
    await expect(subscriptionAmountSchema.validate(undefined)).rejects.toThrow(MESSAGES.required);
    await expect(subscriptionAmountSchema.validate('12,345')).rejects.toThrow(MESSAGES.amountFormat);
    await expect(subscriptionAmountSchema.validate('abc')).rejects.toThrow(MESSAGES.amountFormat);
    await expect(subscriptionAmountSchema.validate(-1)).rejects.toThrow(MESSAGES.amountFormat);
  });
});

describe('amountSchema through formik', () => {
  it('reports one exact message per field', async () => {
    const schema = yup.object({ amount: amountSchema });
    expect(await formikErrors(schema, { amount: '' })).toEqual({ amount: MESSAGES.required });
    expect(await formikErrors(schema, { amount: '1,234' })).toEqual({ amount: MESSAGES.amountFormat });
    expect(await formikErrors(schema, { amount: '1'.repeat(23) })).toEqual({
      amount: MESSAGES.inputMaxLength,
    });
    expect(await formikErrors(schema, { amount: '10,50' })).toEqual({});
  });
});

describe('checkAmountRange', () => {
  it("refuses 'desde' above 'hasta', compared as decimals in any typed form", () => {
    expect(checkAmountRange('1.500', '900')).toBe(MESSAGES.amountRangeInverted);
    expect(checkAmountRange('1000,01', '1.000')).toBe(MESSAGES.amountRangeInverted);
    expect(checkAmountRange('0.10', '0.09')).toBe(MESSAGES.amountRangeInverted);
  });

  it('accepts an ordered or equal range, and leaves an empty or malformed end to its own field', () => {
    expect(checkAmountRange('900', '1.500')).toBeUndefined();
    expect(checkAmountRange('1.000', '1000,00')).toBeUndefined();
    expect(checkAmountRange('', '5')).toBeUndefined();
    expect(checkAmountRange('5', '')).toBeUndefined();
    expect(checkAmountRange('abc', '5')).toBeUndefined();
  });
});
