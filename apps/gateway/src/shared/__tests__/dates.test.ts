import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantParam, readIsoInput, toIsoDate } from '../dates.js';

/** What toIsoDate did before its canonical fast path: parse and print every value. */
function parsed(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('toIsoDate', () => {
  it('passes canonical ISO text through and normalizes everything else', () => {
    expect(toIsoDate('2026-11-21T13:40:39.374Z')).toBe('2026-11-21T13:40:39.374Z');
    expect(toIsoDate('2024-02-29T00:00:00.000Z')).toBe('2024-02-29T00:00:00.000Z');
    expect(toIsoDate('2026-11-21T10:40:39-03:00')).toBe('2026-11-21T13:40:39.000Z');
    expect(toIsoDate('2026-11-21')).toBe('2026-11-21T00:00:00.000Z');
    expect(toIsoDate('2023-02-29T00:00:00.000Z')).toBe('2023-03-01T00:00:00.000Z');
    expect(toIsoDate('2024-04-31T12:00:00.000Z')).toBe('2024-05-01T12:00:00.000Z');
    expect(toIsoDate(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(toIsoDate('not a date')).toBeNull();
    expect(toIsoDate('')).toBeNull();
    expect(toIsoDate(null)).toBeNull();
    expect(toIsoDate(undefined)).toBeNull();
    expect(toIsoDate({})).toBeNull();
    expect(toIsoDate(true)).toBeNull();
  });

  it('answers exactly what parsing would, for any text shaped like an ISO date', () => {
    const isoLike = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 61 }),
        fc.integer({ min: 0, max: 61 }),
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('Z', 'z', '', '+00:00', '-03:00'),
      )
      .map(
        ([y, mo, d, h, mi, s, ms, zone]) =>
          `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(ms, 3)}${zone}`,
      );
    fc.assert(
      fc.property(isoLike, (value) => {
        expect(toIsoDate(value)).toBe(parsed(value));
      }),
    );
    fc.assert(
      fc.property(
        fc.date({ min: new Date(0), max: new Date(Date.UTC(9999, 11, 31)), noInvalidDate: true }),
        (date) => {
          const text = date.toISOString();
          expect(toIsoDate(text)).toBe(text);
        },
      ),
    );
    fc.assert(fc.property(fc.string(), (value) => toIsoDate(value) === parsed(value)));
  });
});

describe('readIsoInput', () => {
  it('reads ISO 8601 input to its instant', () => {
    expect((readIsoInput('2024-02-29') as Date).toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect((readIsoInput('2026-11-21T10:40:39-03:00') as Date).toISOString()).toBe(
      '2026-11-21T13:40:39.000Z',
    );
    expect((readIsoInput('0001-01-01T00:00:00Z') as Date).toISOString()).toBe('0001-01-01T00:00:00.000Z');
  });

  it('refuses days, hours and years that do not exist (where Date rolls over), and what is not ISO', () => {
    for (const text of [
      '2026-02-31',
      '2025-02-29',
      '1900-02-29',
      '2026-04-31T10:00:00Z',
      '2026-13-40',
      '2026-00-10',
      '2026-01-00',
      '2026-01-01T24:00:00Z',
      '2026-01-01T10:60:00Z',
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:30:00+01:00', // the year 0000 once in UTC
    ]) {
      expect(readIsoInput(text), text).toBe('calendar');
    }
    for (const text of ['31/02/2026', 'ayer', '', '2026-1-1', '+002026-01-01'])
      expect(readIsoInput(text), text).toBe('format');
  });

  it('agrees with the calendar for every day of any year', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (year, month, day) => {
          const date = new Date(Date.UTC(2000, month - 1, day));
          date.setUTCFullYear(year);
          const exists = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
          const read = readIsoInput(`${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T12:00:00Z`);
          expect(read instanceof Date, `${year}-${month}-${day}`).toBe(exists);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('is the /files date parameters rule: a full instant with its offset, on a real day', () => {
    expect(instantParam.test('2026-02-28T23:59:59.999-03:00')).toBe(true);
    expect(instantParam.test('2026-02-31T00:00:00Z')).toBe(false);
    expect(instantParam.test('0000-01-01T00:00:00Z')).toBe(false);
    expect(instantParam.test('2026-02-28')).toBe(false);
  });
});
