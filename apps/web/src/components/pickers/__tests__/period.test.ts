import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CURRENT_PERIOD,
  daysAgo,
  monthPeriodParam,
  resolveDay,
  resolvePeriod,
  TODAY,
  DAY_RANGE_PARAM,
  dayFilterInstants,
  dayOf,
  dayRange,
  isInvalidDayText,
  isValidDay,
  isValidPeriod,
  parseDayParam,
  periodLabel,
  periodOf,
  periodRange,
  shiftPeriod,
} from '../period';

/** The browser's zone far from Argentina for the describe's tests (what they compute must not depend on it). */
function browserInTokyo() {
  let previousTz: string | undefined;
  beforeEach(() => {
    previousTz = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
  });
  afterEach(() => {
    if (previousTz === undefined) delete process.env.TZ;
    else process.env.TZ = previousTz;
  });
}

describe('periods and days in Argentine time, whatever the browser zone', () => {
  browserInTokyo();

  it('a period spans day 1 00:00:00.000 to the last day 23:59:59.999 (UTC-3)', () => {
    expect(periodRange('2024-02')).toEqual({
      from: new Date('2024-02-01T03:00:00.000Z'),
      to: new Date('2024-03-01T02:59:59.999Z'),
    });
    expect(periodRange('2023-12').to.toISOString()).toBe('2024-01-01T02:59:59.999Z');
    expect(periodRange('2023-04').to.toISOString()).toBe('2023-05-01T02:59:59.999Z');
  });

  it('the period and day of a moment are Argentine ones', () => {
    // 1 March 02:00 UTC is still 28 February in Buenos Aires (and already 1 March in Tokyo).
    expect(periodOf(new Date('2025-03-01T02:00:00Z'))).toBe('2025-02');
    expect(dayOf(new Date('2025-03-01T02:00:00Z'))).toBe('2025-02-28');
    expect(periodOf(new Date('2025-03-01T03:00:00Z'))).toBe('2025-03');
  });

  it('a day range runs from the start of the first day to the end of the last', () => {
    expect(dayRange('2025-01-31', '2025-02-01')).toEqual({
      from: new Date('2025-01-31T03:00:00.000Z'),
      to: new Date('2025-02-02T02:59:59.999Z'),
    });
  });

  it('refuses invalid periods and days', () => {
    expect(() => periodRange('2024-13')).toThrow('Período inválido');
    expect(() => dayRange('2025-02-30', '2025-03-01')).toThrow();
    expect(isValidPeriod('2024-1')).toBe(false);
    expect(isValidPeriod(null)).toBe(false);
    expect(isValidDay('2024-02-29')).toBe(true);
    expect(isValidDay('2023-02-29')).toBe(false);
  });

  it('shifts periods across years and names them in Spanish', () => {
    expect(shiftPeriod('2025-01', -1)).toBe('2024-12');
    expect(shiftPeriod('2024-12', 1)).toBe('2025-01');
    expect(periodLabel('2025-03')).toBe('marzo de 2025');
    expect(periodLabel('nope')).toBe('nope');
  });
});

describe('dayFilterInstants', () => {
  it('turns optional days into the start and end instants of Argentine days', () => {
    expect(dayFilterInstants('2026-03-01', '2026-03-31')).toEqual({
      from: '2026-03-01T03:00:00.000Z',
      to: '2026-04-01T02:59:59.999Z',
    });
    expect(dayFilterInstants(null, '2026-03-31')).toEqual({ from: null, to: '2026-04-01T02:59:59.999Z' });
    expect(dayFilterInstants('no', null)).toEqual({ from: null, to: null });
  });
});

describe('parseDayParam: a day of the address inside its picker limits', () => {
  it('keeps a day inside the limits and clamps one outside to the nearest limit', () => {
    const limits = { min: '2020-01-01', max: '2026-11-24' };
    expect(parseDayParam('2026-11-01', limits)).toBe('2026-11-01');
    expect(parseDayParam(' 2026-11-24 ', limits)).toBe('2026-11-24');
    expect(parseDayParam('2030-01-01', limits)).toBe('2026-11-24');
    expect(parseDayParam('2019-12-31', limits)).toBe('2020-01-01');
    expect(parseDayParam('2030-01-01')).toBe('2030-01-01');
    expect(parseDayParam('2030-01-01', { max: null })).toBe('2030-01-01');
  });

  it('gives null for anything that is not a real day', () => {
    for (const raw of [null, undefined, '', '2026-02-30', '2026-13-01', '24/11/2026', 'hoy']) {
      expect(parseDayParam(raw, { max: '2026-11-24' })).toBeNull();
    }
  });
});

describe("a list's days filter in its URL (desde, hasta)", () => {
  it('reads the days named, none for a missing one', () => {
    expect(DAY_RANGE_PARAM.parse(new URLSearchParams('desde=2026-11-01&hasta=2026-11-24'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-24',
    });
    expect(DAY_RANGE_PARAM.parse(new URLSearchParams('desde=&hasta=%20'))).toEqual({ from: null, to: null });
  });

  it('keeps a text that is not a day as given, for its field to say so, and never sends it', () => {
    const range = DAY_RANGE_PARAM.parse(new URLSearchParams('desde=2026-13-40&hasta=2026-02-31'));
    expect(range).toEqual({ from: '2026-13-40', to: '2026-02-31' });
    expect(isInvalidDayText(range.from)).toBe(true);
    expect(isInvalidDayText('2026-11-01')).toBe(false);
    expect(isInvalidDayText(null)).toBe(false);
    expect(dayFilterInstants(range.from, range.to)).toEqual({ from: null, to: null });
    const params = new URLSearchParams();
    DAY_RANGE_PARAM.write(range, params);
    expect(params.toString()).toBe('desde=2026-13-40&hasta=2026-02-31');
  });

  it('writes only the days chosen, and reads back what it wrote', () => {
    const params = new URLSearchParams();
    DAY_RANGE_PARAM.write({ from: '2026-11-01', to: null }, params);
    expect(params.toString()).toBe('desde=2026-11-01');
    expect(DAY_RANGE_PARAM.parse(params)).toEqual({ from: '2026-11-01', to: null });
    expect(DAY_RANGE_PARAM.names).toEqual(['desde', 'hasta']);
  });
});

describe("relative periods and days follow the calendar ('Mes actual', 'Hoy', 'Últimos 7 días')", () => {
  browserInTokyo();

  it("'Mes actual' is the Argentine month of the moment it is read", () => {
    // 1 December 02:30 UTC is still 30 November in Buenos Aires (and already 1 December in Tokyo).
    expect(resolvePeriod(CURRENT_PERIOD, new Date('2026-12-01T02:30:00Z'))).toBe('2026-11');
    expect(resolvePeriod(CURRENT_PERIOD, new Date('2026-12-01T03:30:00Z'))).toBe('2026-12');
    expect(resolvePeriod('2026-03', new Date('2026-12-01T03:30:00Z'))).toBe('2026-03');
    expect(periodRange(CURRENT_PERIOD, new Date('2026-12-15T12:00:00Z'))).toEqual(periodRange('2026-12'));
    expect(periodLabel(CURRENT_PERIOD, new Date('2026-12-15T12:00:00Z'))).toBe(
      'diciembre de 2026 (mes actual)',
    );
  });

  it("a month filter's parameter: a month or 'actual'; 'Mes actual', the default, is never written", () => {
    const param = monthPeriodParam('periodo');
    expect(param.parse(new URLSearchParams('periodo=2026-10'))).toBe('2026-10');
    expect(param.parse(new URLSearchParams('periodo=actual'))).toBe(CURRENT_PERIOD);
    expect(param.parse(new URLSearchParams('periodo=2026-13'))).toBe(CURRENT_PERIOD);
    expect(param.parse(new URLSearchParams(''))).toBe(CURRENT_PERIOD);
    const params = new URLSearchParams();
    param.write(CURRENT_PERIOD, params);
    expect(params.toString()).toBe('');
    param.write('2026-10', params);
    expect(params.toString()).toBe('periodo=2026-10');
  });

  it("'hoy' and 'hoy-6' are Argentine days counted back from the moment they are read", () => {
    const late = new Date('2026-12-01T02:30:00Z'); // 30 November 23:30 in Buenos Aires
    expect(resolveDay(TODAY, late)).toBe('2026-11-30');
    expect(resolveDay(daysAgo(6), late)).toBe('2026-11-24');
    expect(resolveDay('2026-01-05', late)).toBe('2026-01-05');
    expect(resolveDay(null, late)).toBeNull();
    expect(dayFilterInstants(daysAgo(6), TODAY, late)).toEqual({
      from: '2026-11-24T03:00:00.000Z',
      to: '2026-12-01T02:59:59.999Z',
    });
  });

  it('relative days are kept as such by the address and are no invalid text', () => {
    const range = DAY_RANGE_PARAM.parse(new URLSearchParams('desde=hoy-6&hasta=hoy'));
    expect(range).toEqual({ from: 'hoy-6', to: 'hoy' });
    expect(isInvalidDayText('hoy-6')).toBe(false);
    expect(isInvalidDayText('hoy+1')).toBe(true);
    const params = new URLSearchParams();
    DAY_RANGE_PARAM.write(range, params);
    expect(params.toString()).toBe('desde=hoy-6&hasta=hoy');
  });
});
