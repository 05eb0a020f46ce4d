import { describe, expect, it } from 'vitest';
import { checkCronExpression, CRON_INVALID, CRON_PRESETS, describeCron, nextRuns } from '../cron';

describe('cron criterion', () => {
  it('accepts every preset and refuses what is not a five-field cron', () => {
    for (const preset of CRON_PRESETS) expect(checkCronExpression(preset.cron)).toBeUndefined();
    expect(checkCronExpression('61 9 * * 1')).toBe(CRON_INVALID);
    expect(checkCronExpression('0 9 * *')).toBe(CRON_INVALID);
    expect(checkCronExpression('0 0 9 * * 1')).toBe(CRON_INVALID);
  });

  it('describes the schedule in Spanish', () => {
    expect(describeCron('0 9 * * 1')).toBe('A las 09:00, sólo el lunes');
  });

  it('computes the next five runs in Argentine time (UTC-3)', () => {
    // Sunday 2026-03-01 12:00 in Buenos Aires.
    const runs = nextRuns('0 9 * * 1', 5, new Date('2026-03-01T15:00:00Z'));
    expect(runs.map((d) => d.toISOString())).toEqual([
      '2026-03-02T12:00:00.000Z',
      '2026-03-09T12:00:00.000Z',
      '2026-03-16T12:00:00.000Z',
      '2026-03-23T12:00:00.000Z',
      '2026-03-30T12:00:00.000Z',
    ]);
  });
});
