import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toIsoDate } from '../dates.js';

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
