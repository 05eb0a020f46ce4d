import { describe, expect, it } from 'vitest';
import { CURRENT_PERIOD } from '@/components/pickers/period';
import { parseListParams, serializeListState } from '@/lib/list';
import { batchesList, batchesListRule, periodBounds, toBatchesVariables } from '../batches-list';

const NOW = new Date('2026-11-22T15:00:00.000Z');

describe('Lotes list state', () => {
  it("opens on 'Mes actual', no collector, every status, 10 rows newest first", () => {
    const state = parseListParams(batchesList, new URLSearchParams(), NOW);
    expect(state).toMatchObject({
      collector: null,
      period: CURRENT_PERIOD,
      status: null,
      page: 1,
      pageSize: 10,
    });
    expect(serializeListState(batchesList, state).toString()).toBe('');
    expect(state.sort).toEqual({ field: 'CREATION_DATE', direction: 'DESC' });
    expect(toBatchesVariables(state)).toBeNull();
  });

  it('reads and writes collector, period and status in the URL', () => {
    const params = new URLSearchParams(
      'entidad=10001&entidad_nombre=Club&periodo=2026-10&estado=error&page=2',
    );
    const state = parseListParams(batchesList, params, NOW);
    expect(state).toMatchObject({
      collector: { id: '10001', name: 'Club' },
      period: '2026-10',
      status: 'ERROR',
      page: 2,
    });
    expect(serializeListState(batchesList, state).toString()).toBe(
      'entidad=10001&entidad_nombre=Club&periodo=2026-10&estado=error&page=2',
    );
    expect(parseListParams(batchesList, new URLSearchParams('periodo=2026-13&estado=x'), NOW)).toMatchObject({
      period: CURRENT_PERIOD,
      status: null,
    });
  });

  it('asks for the month on creation_date: its first instant to the next month’s first, Argentine time', () => {
    expect(periodBounds('2026-11')).toEqual({
      from: '2026-11-01T03:00:00.000Z',
      to: '2026-12-01T03:00:00.000Z',
    });
    expect(periodBounds('2026-12').to).toBe('2027-01-01T03:00:00.000Z');
    const state = parseListParams(batchesList, new URLSearchParams('entidad=10001&periodo=2026-11'), NOW);
    expect(toBatchesVariables(state)).toMatchObject({
      filter: { collectorId: '10001', from: '2026-11-01T03:00:00.000Z', to: '2026-12-01T03:00:00.000Z' },
      page: 1,
      pageSize: 10,
    });
  });

  it('a reprocessed batch leaves a list filtered by another status, and stays under Todos', () => {
    const change = { id: '20191', status: 'FOR_WITHDRAWING' as const };
    expect(batchesListRule.stillMatches(change, { collectorId: '10001', status: 'ERROR' })).toBe(false);
    expect(batchesListRule.stillMatches(change, { collectorId: '10001', status: null })).toBe(true);
    expect(batchesListRule.stillMatches(change, { collectorId: '10001', status: 'FOR_WITHDRAWING' })).toBe(
      true,
    );
  });
});
