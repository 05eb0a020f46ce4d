import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  compareMoney,
  decimalFromUpstream,
  formatMoney,
  maxMoney,
  minMoney,
  money,
  parseMoneyText,
  subMoney,
  sumMoney,
  toDecimalString,
  toUpstreamNumber,
  toUpstreamString,
} from './money.js';

const cents = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });
/** A bigint of cents as the Decimal text: -123 -> "-1.23". */
const centsText = (c: bigint): string => {
  const abs = c < 0n ? -c : c;
  const text = abs.toString().padStart(3, '0');
  return `${c < 0n ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
};

describe('decimalFromUpstream (was the gateway toDecimal: same cases)', () => {
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
    [-0.001, '0.00'],
    ['1234.5', '1234.50'],
    ['0012.3', '12.30'],
    ['7,25', '7.25'],
    [null, null],
    [undefined, null],
    ['', null],
  ])('%s -> %s', (input, expected) => {
    expect(decimalFromUpstream(input)).toBe(expected);
  });

  it('gives any number the same text as the decimal arithmetic does (plain numbers take a shortcut)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true }),
          fc.integer().map((c) => c / 100),
        ),
        (n) => {
          expect(decimalFromUpstream(n)).toBe(toDecimalString(String(n)));
        },
      ),
    );
  });

  it('refuses what is not an amount', () => {
    expect(() => decimalFromUpstream('abc')).toThrow(TypeError);
    expect(() => decimalFromUpstream(Number.NaN)).toThrow(TypeError);
    expect(() => decimalFromUpstream(Number.POSITIVE_INFINITY)).toThrow(TypeError);
    expect(() => decimalFromUpstream({})).toThrow(TypeError);
    expect(() => decimalFromUpstream('1.2.3')).toThrow(TypeError);
  });

  it('always has two decimals and matches cents arithmetic for integers of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (c) => {
        const decimal = decimalFromUpstream(c / 100)!;
        expect(decimal).toMatch(/^-?\d+\.\d{2}$/);
        expect(decimal).toBe(centsText(BigInt(c)));
      }),
    );
  });
});

describe('parseMoneyText (operator text)', () => {
  it('accepts up to two decimals with dot or comma', () => {
    expect(toDecimalString(parseMoneyText('10')!)).toBe('10.00');
    expect(toDecimalString(parseMoneyText('10,5')!)).toBe('10.50');
    expect(toDecimalString(parseMoneyText(' 10.55 ')!)).toBe('10.55');
    expect(toDecimalString(parseMoneyText('-3,1')!)).toBe('-3.10');
  });

  it('refuses more decimals, exponents, thousands separators, letters and blanks', () => {
    for (const text of ['10.555', '1e3', '1.234,56', '1.234', '', ' ', 'abc', '10,', ',5', '--1', null, {}]) {
      expect(parseMoneyText(text)).toBeNull();
    }
  });

  it('honours a maximum of integer digits', () => {
    expect(parseMoneyText('1'.repeat(20), 20)).not.toBeNull();
    expect(parseMoneyText('1'.repeat(21), 20)).toBeNull();
  });

  it('reads back what toDecimalString wrote, for any amount of cents', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const text = centsText(c);
        expect(toDecimalString(parseMoneyText(text)!)).toBe(text);
        expect(toDecimalString(parseMoneyText(text.replace('.', ','))!)).toBe(text);
      }),
    );
  });
});

describe('arithmetic', () => {
  it('adds and subtracts without float drift', () => {
    expect(toDecimalString(addMoney('0.10', '0.20'))).toBe('0.30');
    expect(toDecimalString(addMoney(0.1, 0.2))).toBe('0.30');
    expect(toDecimalString(subMoney('1000.00', '999.99'))).toBe('0.01');
    expect(toDecimalString(sumMoney(['0.10', 0.2, '0.30']))).toBe('0.60');
    expect(toDecimalString(sumMoney([]))).toBe('0.00');
  });

  it('compares, and picks the minimum and the maximum', () => {
    expect(compareMoney('10.00', 10)).toBe(0);
    expect(compareMoney('9.99', '10')).toBe(-1);
    expect(compareMoney('10.01', '10')).toBe(1);
    expect(toDecimalString(minMoney('5', '3.5', 4))).toBe('3.50');
    expect(toDecimalString(maxMoney('5', '3.5', 4))).toBe('5.00');
  });

  it('matches exact integer arithmetic on cents (property)', () => {
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(toDecimalString(addMoney(centsText(a), centsText(b)))).toBe(centsText(a + b));
        expect(toDecimalString(subMoney(centsText(a), centsText(b)))).toBe(centsText(a - b));
        expect(compareMoney(centsText(a), centsText(b))).toBe(a < b ? -1 : a > b ? 1 : 0);
        expect(toDecimalString(minMoney(centsText(a), centsText(b)))).toBe(centsText(a < b ? a : b));
      }),
    );
  });
});

describe('formatMoney', () => {
  it('writes "$ 1.234,56" like the web', () => {
    expect(formatMoney('1234.56')).toBe('$ 1.234,56');
    expect(formatMoney('1234.5')).toBe('$ 1.234,50');
    expect(formatMoney('0')).toBe('$ 0,00');
    expect(formatMoney('1000000')).toBe('$ 1.000.000,00');
    expect(formatMoney('12345678901234567.89')).toBe('$ 12.345.678.901.234.567,89');
    expect(formatMoney('10.005')).toBe('$ 10,01');
    expect(formatMoney('-1234.56')).toBe('-$ 1.234,56');
    expect(formatMoney(99.9)).toBe('$ 99,90');
  });

  it('groups every three digits and keeps the cents (property)', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const text = formatMoney(centsText(c));
        expect(text).toMatch(/^-?\$ \d{1,3}(?:\.\d{3})*,\d{2}$/);
        const back = text.replace('$ ', '').replaceAll('.', '').replace(',', '.');
        expect(back).toBe(centsText(c));
      }),
    );
  });
});

describe('to the upstream', () => {
  it('sends numbers and strings rounded to cents', () => {
    expect(toUpstreamNumber('1234.50')).toBe(1234.5);
    expect(toUpstreamNumber(money('0.125'))).toBe(0.13);
    expect(toUpstreamString(12)).toBe('12.00');
  });

  it('a number sent reads back as the same Decimal (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (c) => {
        const text = centsText(BigInt(c));
        expect(decimalFromUpstream(toUpstreamNumber(text))).toBe(text);
      }),
    );
  });
});
