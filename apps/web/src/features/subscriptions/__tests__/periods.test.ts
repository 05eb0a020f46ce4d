import { describe, expect, it } from 'vitest';
import { PERIODS_STEP, periodText, periodsNewestFirst, visiblePeriodCount } from '../periods';

describe('subscription payment periods', () => {
  it('lists the newest period first, across years, keeping equal periods in order', () => {
    const sorted = periodsNewestFirst([
      { period: '2025-11', paymentId: 'a' },
      { period: '2026-01', paymentId: 'b' },
      { period: '2025-12', paymentId: 'c' },
      { period: '2025-12', paymentId: 'd' },
    ]);
    expect(sorted.map((p) => p.paymentId)).toEqual(['b', 'c', 'd', 'a']);
  });

  it('shows 5, then 5 more per click, never more than there are', () => {
    expect(PERIODS_STEP).toBe(5);
    expect(visiblePeriodCount(12, 0)).toBe(5);
    expect(visiblePeriodCount(12, 1)).toBe(10);
    expect(visiblePeriodCount(12, 2)).toBe(12);
    expect(visiblePeriodCount(3, 0)).toBe(3);
    expect(visiblePeriodCount(0, 0)).toBe(0);
  });

  it('names a period by month and year, leaving other text alone', () => {
    expect(periodText('2025-03')).toMatch(/^Marzo (de )?2025$/);
    expect(periodText('2025-13')).toBe('2025-13');
  });
});
