import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime, formatShortDate } from '../format';

describe('formatAmount', () => {
  it('formats a Decimal string as ARS with es-AR separators and a plain space', () => {
    expect(formatAmount('1234.56')).toBe('$ 1.234,56');
    expect(formatAmount('1234.5')).toBe('$ 1.234,50');
    expect(formatAmount('0')).toBe('$ 0,00');
    expect(formatAmount('1000000')).toBe('$ 1.000.000,00');
  });

  it('keeps every digit of large amounts (no float rounding)', () => {
    expect(formatAmount('12345678901234567.89')).toBe('$ 12.345.678.901.234.567,89');
  });

  it('rounds to two decimals and formats negatives', () => {
    expect(formatAmount('10.005')).toBe('$ 10,01');
    expect(formatAmount('-1234.56')).toBe('-$ 1.234,56');
  });

  it('accepts numbers and ignores missing values', () => {
    expect(formatAmount(99.9)).toBe('$ 99,90');
    expect(formatAmount(null)).toBe('');
    expect(formatAmount(undefined)).toBe('');
    expect(formatAmount(Number.NaN)).toBe('');
  });

  it('returns text that is not a number unchanged', () => {
    expect(formatAmount('abc')).toBe('abc');
    expect(formatAmount('')).toBe('');
  });

  it('never emits a no-break space', () => {
    expect(formatAmount('5')).not.toMatch(/\u00a0/);
  });
});

describe('dates in local time', () => {
  const local = new Date(2024, 0, 5, 7, 8, 9); // 5 Jan 2024 07:08:09 local

  it('formats dd/MM/yyyy', () => {
    expect(formatDate(local)).toBe('05/01/2024');
    expect(formatDate('2024-12-31T23:59:59')).toBe('31/12/2024');
  });

  it('formats dd/MM/yyyy HH:mm:ss with a 24-hour clock', () => {
    expect(formatDateTime(local)).toBe('05/01/2024 07:08:09');
    expect(formatDateTime(new Date(2024, 5, 30, 23, 0, 1))).toBe('30/06/2024 23:00:01');
    expect(formatDateTime(local.getTime())).toBe('05/01/2024 07:08:09');
  });

  it('formats dd/MM/yy', () => {
    expect(formatShortDate(local)).toBe('05/01/24');
    expect(formatShortDate(new Date(2009, 10, 2))).toBe('02/11/09');
  });

  it('returns an empty string for missing or invalid dates', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
      expect(formatShortDate(value)).toBe('');
    }
  });
});

describe('an ISO instant shows in the operator time zone', () => {
  let previous: string | undefined;
  beforeEach(() => {
    previous = process.env.TZ;
    process.env.TZ = 'America/Argentina/Buenos_Aires';
  });
  afterEach(() => {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  });

  it('converts UTC to Buenos Aires (UTC-3)', () => {
    expect(formatDateTime('2024-02-01T02:30:00.000Z')).toBe('31/01/2024 23:30:00');
    expect(formatDate('2024-02-01T02:30:00.000Z')).toBe('31/01/2024');
  });
});
