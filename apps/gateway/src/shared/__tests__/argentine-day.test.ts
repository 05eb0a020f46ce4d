import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argentineDay, argentineDayStart, dayClock, isBeforeArgentineDay } from '../argentine-day.js';

const DAY = 86_400_000;
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });

describe('Argentine calendar days', () => {
  it('names the day in Argentine time (UTC-3)', () => {
    expect(argentineDay(Date.parse('2025-11-16T02:59:59.999Z'))).toBe('2025-11-15');
    expect(argentineDay(Date.parse('2025-11-16T03:00:00.000Z'))).toBe('2025-11-16');
  });

  it('finds the first instant of the day', () => {
    expect(argentineDayStart(new Date('2025-11-16T14:00:00.000Z'))).toBe(
      Date.parse('2025-11-16T03:00:00.000Z'),
    );
    expect(argentineDayStart(Date.parse('2025-11-16T02:00:00.000Z'))).toBe(
      Date.parse('2025-11-15T03:00:00.000Z'),
    );
  });

  it('compares by day exactly as formatting both instants would', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -3 * DAY, max: 3 * DAY }), (today, delta) => {
        const other = today + delta;
        expect(isBeforeArgentineDay(other, today)).toBe(argentineDay(other) < argentineDay(today));
      }),
    );
  });

  it('is exact in a zone whose offset changes (the search path), around each change', () => {
    const madrid = dayClock('Europe/Madrid', 1);
    const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' });
    // Days of the 2025 changes (30 March, 26 October) and plain days, at several hours.
    const todays = [
      '2025-03-30T00:30:00Z',
      '2025-03-30T22:30:00Z',
      '2025-10-26T00:30:00Z',
      '2025-07-01T12:00:00Z',
    ];
    for (const text of todays) {
      const today = Date.parse(text);
      const start = madrid.dayStart(today);
      expect(format.format(start)).toBe(format.format(today));
      expect(format.format(start - 1) < format.format(today)).toBe(true);
      for (let delta = -30 * 3_600_000; delta <= 30 * 3_600_000; delta += 15 * 60_000) {
        const other = today + delta;
        expect(madrid.isBeforeDay(other, today)).toBe(format.format(other) < format.format(today));
      }
    }
  });
});
