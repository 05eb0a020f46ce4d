import { describe, expect, it } from 'vitest';
import { exportsList, isRunning, toExportFilter } from '../exports-list';

const parse = (query: string) =>
  exportsList.filters.parse(
    new URLSearchParams(query),
    exportsList.defaultFilters(new Date('2026-11-22T15:00:00Z')),
  );

describe('exports list', () => {
  it('defaults to the current month (Argentine time) and every type, format and status', () => {
    expect(exportsList.defaultFilters(new Date('2026-12-01T02:30:00Z'))).toEqual({
      period: '2026-11',
      type: null,
      format: null,
      status: null,
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
      period: '2026-11',
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
