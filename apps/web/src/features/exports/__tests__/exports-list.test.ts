import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_PERIOD } from '@/components/pickers/period';
import { exportsList, isRunning, toExportFilter } from '../exports-list';

const parse = (query: string) =>
  exportsList.filters.parse(
    new URLSearchParams(query),
    exportsList.defaultFilters(new Date('2026-11-22T15:00:00Z')),
  );

describe('exports list', () => {
  afterEach(() => vi.useRealTimers());

  it("defaults to 'Mes actual' (the current month in Argentine time, never written) and every type, format and status", () => {
    const defaults = exportsList.defaultFilters(new Date('2026-12-01T02:30:00Z'));
    expect(defaults).toEqual({ period: CURRENT_PERIOD, type: null, format: null, status: null });
    const params = new URLSearchParams();
    exportsList.filters.write(defaults, params);
    expect(params.toString()).toBe('');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T02:30:00Z'));
    expect(toExportFilter(defaults)).toMatchObject({
      from: '2026-11-01T03:00:00.000Z',
      to: '2026-12-01T02:59:59.999Z',
    });
  });

  it('reads and writes periodo, tipo, formato and estado; unknown values fall back', () => {
    expect(parse('periodo=2026-10&tipo=subscription&formato=JSON&estado=processing')).toEqual({
      period: '2026-10',
      type: 'SUBSCRIPTION',
      format: 'JSON',
      status: 'PROCESSING',
    });
    expect(parse('periodo=2026-13&tipo=pagos&formato=pdf&estado=x')).toEqual({
      period: CURRENT_PERIOD,
      type: null,
      format: null,
      status: null,
    });
    const params = new URLSearchParams();
    exportsList.filters.write(
      { period: '2026-09', type: 'PAYMENTS', format: 'CSV', status: 'FINISHED' },
      params,
    );
    expect(params.toString()).toBe('periodo=2026-09&tipo=payments&formato=csv&estado=finished');
  });

  it('the gateway filter covers the whole month in Argentine time', () => {
    expect(toExportFilter({ period: '2026-11', type: 'PAYMENTS', format: null, status: 'ERROR' })).toEqual({
      from: '2026-11-01T03:00:00.000Z',
      to: '2026-12-01T02:59:59.999Z',
      type: 'PAYMENTS',
      format: null,
      status: 'ERROR',
    });
  });

  it('pending and processing are running; finished and error are not', () => {
    expect(['PENDING', 'PROCESSING', 'FINISHED', 'ERROR'].map((s) => isRunning(s as never))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
