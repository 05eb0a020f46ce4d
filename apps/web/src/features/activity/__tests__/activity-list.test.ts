import { describe, expect, it } from 'vitest';
import { activityCsvPath, activityList, activityQuery, toActivityFilter } from '../activity-list';

const parse = (query: string) =>
  activityList.filters.parse(new URLSearchParams(query), activityList.defaultFilters(new Date()));

describe('activity list', () => {
  it('reads operador, area, accion, registro, desde and hasta; unknown areas and actions fall back', () => {
    expect(
      parse(
        'operador=%20operador%20&area=payments&accion=cancelPayment&registro=1000001&desde=2026-11-01&hasta=2026-11-23',
      ),
    ).toEqual({
      user: 'operador',
      area: 'payments',
      operation: 'cancelPayment',
      recordId: '1000001',
      from: '2026-11-01',
      to: '2026-11-23',
    });
    // A day that is not one is kept for its field to say 'Fecha inválida', and never sent.
    const invalid = parse('area=nada&accion=dropTables&desde=2026-13-01');
    expect(invalid).toEqual({
      user: '',
      area: null,
      operation: null,
      recordId: '',
      from: '2026-13-01',
      to: null,
    });
    expect(toActivityFilter(invalid)).toMatchObject({ from: null, to: null });
  });

  it('writes only what filters, so the link of a detail section is /actividad?registro=<id>', () => {
    const params = new URLSearchParams();
    activityList.filters.write({ ...activityList.defaultFilters(new Date()), recordId: '1000001' }, params);
    expect(params.toString()).toBe('registro=1000001');
  });

  it('sends days as Argentine instants and empty texts as no filter', () => {
    expect(
      toActivityFilter({
        user: '',
        area: null,
        operation: null,
        recordId: '',
        from: '2026-11-01',
        to: '2026-11-01',
      }),
    ).toEqual({
      user: null,
      area: null,
      operation: null,
      recordId: null,
      from: '2026-11-01T03:00:00.000Z',
      to: '2026-11-02T02:59:59.999Z',
    });
  });

  it('sorts newest first by default and sends the sort as every list does: sort { field, direction }', () => {
    const state = {
      ...activityList.defaultFilters(new Date()),
      page: 2,
      pageSize: 25,
      sort: activityList.defaultSort,
    };
    expect(activityQuery.variables(state)).toMatchObject({
      page: 2,
      pageSize: 25,
      sort: { field: 'AT', direction: 'DESC' },
    });
  });

  it('names the CSV of the applied filters for the gateway (/files/actividad.csv)', () => {
    const none = activityList.defaultFilters(new Date());
    expect(activityCsvPath(none)).toBe('/actividad.csv');
    expect(
      activityCsvPath({ ...none, user: 'operador', operation: 'cancelPayment', from: '2026-11-01' }),
    ).toBe('/actividad.csv?usuario=operador&accion=cancelPayment&desde=2026-11-01T03%3A00%3A00.000Z');
  });
});
