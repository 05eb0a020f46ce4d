import { describe, expect, it } from 'vitest';
import { codeParam, enumParam, keyParam } from '../enum-param';
import {
  choiceListPart,
  choicePart,
  collectorPart,
  COLLECTOR_PART,
  combineFilters,
  dayRangePart,
  filterRule,
  periodPart,
  textPart,
} from '../filter-parts';
import type { FilterCodec } from '../list-definition';

const read = <F extends object>(part: FilterCodec<F>, query: string, defaults: F): F =>
  part.parse(new URLSearchParams(query), defaults);
const written = <F extends object>(part: FilterCodec<F>, filters: F): string => {
  const params = new URLSearchParams();
  part.write(filters, params);
  return params.toString();
};

describe('textPart: a text at one parameter', () => {
  const part = textPart('user', 'operador', { aliases: ['usuario'] });

  it('reads it trimmed (an alias when the parameter is missing), the default when absent', () => {
    expect(part.params).toEqual(['operador', 'usuario']);
    expect(read(part, 'operador=%20ana%20&usuario=bea', { user: '' })).toEqual({ user: 'ana' });
    expect(read(part, 'usuario=bea', { user: '' })).toEqual({ user: 'bea' });
    expect(read(part, '', { user: 'x' })).toEqual({ user: 'x' });
  });

  it('writes it only when not empty (always with `always`), and tidies it as told', () => {
    expect(written(part, { user: '' })).toBe('');
    expect(written(part, { user: 'ana' })).toBe('operador=ana');
    expect(written(textPart('search', 'q', { always: true }), { search: '' })).toBe('q=');
    expect(part.normalize?.({ user: ' ana ' })).toEqual({ user: 'ana' });
    const cuit = textPart('cuit', 'cuit', { tidy: (text) => text.replace(/\D/g, '') });
    expect(cuit.normalize?.({ cuit: '20-12345678-9' })).toEqual({ cuit: '20123456789' });
  });
});

describe('collectorPart: a collector at its id and name parameters', () => {
  it('reads `entidad` and `entidad_nombre` by default, the name falling back to the id', () => {
    expect(COLLECTOR_PART.params).toEqual(['entidad', 'entidad_nombre']);
    expect(read(COLLECTOR_PART, 'entidad=10001&entidad_nombre=Club', { collector: null })).toEqual({
      collector: { id: '10001', name: 'Club' },
    });
    expect(read(COLLECTOR_PART, 'entidad=10001', { collector: null }).collector?.name).toBe('10001');
    expect(read(COLLECTOR_PART, 'entidad=%20', { collector: null }).collector).toBeNull();
  });

  it("reads a link's names after its own, writes only its own (the name when it says more)", () => {
    const part = collectorPart(
      { id: 'entidad', name: 'entidad_nombre' },
      { id: 'collector_id', name: 'collector_name' },
    );
    expect(read(part, 'collector_id=7&collector_name=Club', { collector: null })).toEqual({
      collector: { id: '7', name: 'Club' },
    });
    expect(written(part, { collector: { id: '7', name: 'Club' } })).toBe('entidad=7&entidad_nombre=Club');
    expect(written(part, { collector: { id: '7', name: '7' } })).toBe('entidad=7');
    expect(part.normalize?.({ collector: { id: ' ', name: 'x' } })).toEqual({ collector: null });
  });
});

describe('choicePart: one of fixed choices', () => {
  type Kind = 'PAYMENTS' | 'SUBSCRIPTION';
  const kind = choicePart('type', 'tipo', codeParam<Kind>({ PAYMENTS: 1, SUBSCRIPTION: 1 }));

  it('reads its text in any case; a missing or unknown one is the default; written only when chosen', () => {
    expect(read(kind, 'tipo=%20Payments', { type: null })).toEqual({ type: 'PAYMENTS' });
    expect(read(kind, 'tipo=nada', { type: null })).toEqual({ type: null });
    expect(written(kind, { type: 'SUBSCRIPTION' })).toBe('tipo=subscription');
    expect(written(kind, { type: null })).toBe('');
  });

  it("with `always`, writes 'todos' for none and reads it back; an unknown text is the default", () => {
    const medio = choicePart('method', 'medio', enumParam({ DEBIT: 'debito', CARD: 'tarjeta' }), {
      always: true,
      aliases: ['media'],
    });
    expect(read(medio, 'medio=todos', { method: 'DEBIT' })).toEqual({ method: null });
    expect(read(medio, 'medio=otro', { method: 'DEBIT' })).toEqual({ method: 'DEBIT' });
    expect(read(medio, 'media=tarjeta', { method: 'DEBIT' })).toEqual({ method: 'CARD' });
    expect(written(medio, { method: null })).toBe('medio=todos');
  });

  it('leaves out the `unwritten` choice (a default that always has a value)', () => {
    const field = choicePart('dateField', 'date_field', codeParam({ REQUEST_DATE: 1, REFUNDED_DATE: 1 }), {
      unwritten: 'REQUEST_DATE',
    });
    expect(written(field, { dateField: 'REQUEST_DATE' })).toBe('');
    expect(written(field, { dateField: 'REFUNDED_DATE' })).toBe('date_field=refunded_date');
    expect(read(field, 'date_field=todos', { dateField: 'REQUEST_DATE' })).toEqual({
      dateField: 'REQUEST_DATE',
    });
  });

  it('keyParam: the keys of a table, exactly', () => {
    const area = choicePart(
      'area',
      'area',
      keyParam({ payments: 'Pagos', 'service-payments': 'Pago de servicios' }),
    );
    expect(read(area, 'area=service-payments', { area: null })).toEqual({ area: 'service-payments' });
    expect(read(area, 'area=Payments', { area: null })).toEqual({ area: null });
  });
});

describe('choiceListPart: several choices, comma separated', () => {
  const methods = choiceListPart('methods', 'methods', {
    read: (text) => (/^\d{1,3}$/.test(text) ? Number(text) : null),
    order: (a, b) => a - b,
  });

  it('reads the known ones once, in order; missing is the default', () => {
    expect(read(methods, 'methods=3,%201,x,1', { methods: [] })).toEqual({ methods: [1, 3] });
    expect(read(methods, '', { methods: [9] })).toEqual({ methods: [9] });
    expect(written(methods, { methods: [] })).toBe('');
    expect(written(methods, { methods: [1, 3] })).toBe('methods=1%2C3');
  });

  it('with `always`, writes an empty list as an empty text (none chosen)', () => {
    const statuses = choiceListPart('statuses', 'estados', {
      read: (text) => (['PENDING', 'DONE'].includes(text.toUpperCase()) ? text.toUpperCase() : null),
      write: (status) => status.toLowerCase(),
      always: true,
    });
    expect(read(statuses, 'estados=', { statuses: ['PENDING'] })).toEqual({ statuses: [] });
    expect(written(statuses, { statuses: [] })).toBe('estados=');
    expect(written(statuses, { statuses: ['PENDING', 'DONE'] })).toBe('estados=pending%2Cdone');
  });
});

describe('periodPart: a month filter', () => {
  const part = periodPart('period', ['todos']);

  it("reads a month, 'actual' or an extra choice; anything else is the default; 'Mes actual' is never written", () => {
    expect(read(part, 'period=2026-03', { period: 'actual' })).toEqual({ period: '2026-03' });
    expect(read(part, 'period=todos', { period: 'actual' })).toEqual({ period: 'todos' });
    expect(read(part, 'period=2026-13', { period: 'actual' })).toEqual({ period: 'actual' });
    expect(read(periodPart('periodo'), 'periodo=todos', { period: 'actual' })).toEqual({ period: 'actual' });
    expect(written(part, { period: 'actual' })).toBe('');
    expect(written(part, { period: '2026-03' })).toBe('period=2026-03');
  });

  it('reads an alias when its own name is absent, its own name first, and writes only its own name', () => {
    const renamed = periodPart('periodo', ['todos'], { aliases: ['period'] });
    expect(renamed.params).toEqual(['periodo', 'period']);
    expect(read(renamed, 'period=2026-03', { period: 'actual' })).toEqual({ period: '2026-03' });
    expect(read(renamed, 'period=todos', { period: 'actual' })).toEqual({ period: 'todos' });
    expect(read(renamed, 'periodo=2026-02&period=2026-03', { period: 'actual' })).toEqual({
      period: '2026-02',
    });
    expect(read(renamed, 'period=x', { period: 'actual' })).toEqual({ period: 'actual' });
    expect(written(renamed, { period: '2026-03' })).toBe('periodo=2026-03');
  });
});

describe('dayRangePart: days at desde and hasta', () => {
  it('by default keeps an invalid day for its field to say so, and writes only the days set', () => {
    const part = dayRangePart();
    expect(read(part, 'desde=2026-03-05&hasta=2026-13-40', { from: null, to: null })).toEqual({
      from: '2026-03-05',
      to: '2026-13-40',
    });
    expect(written(part, { from: null, to: 'hoy' })).toBe('hasta=hoy');
  });

  it('reads each day with `readDay` (its default as the fallback) and writes both with `always`', () => {
    const part = dayRangePart((raw, fallback: string) => (raw && raw <= '2026-11-26' ? raw : fallback), {
      always: true,
    });
    expect(read(part, 'desde=2030-01-01&hasta=2026-11-02', { from: '2026-11-01', to: '2026-11-26' })).toEqual(
      {
        from: '2026-11-01',
        to: '2026-11-02',
      },
    );
    expect(written(part, { from: '2026-11-01', to: '2026-11-26' })).toBe('desde=2026-11-01&hasta=2026-11-26');
  });
});

describe('combineFilters with a rule and a field no part reads', () => {
  const codec = combineFilters(
    textPart('search', 'q'),
    filterRule((filters: { search: string; all: boolean }) => ({
      ...filters,
      all: filters.all && !!filters.search,
    })),
  );

  it('keeps the default of a field no part reads, and applies the rule after the parts tidied', () => {
    expect(codec.params).toEqual(['q']);
    expect(codec.parse(new URLSearchParams('q=x'), { search: '', all: true })).toEqual({
      search: 'x',
      all: true,
    });
    expect(codec.normalize?.({ search: '  ', all: true })).toEqual({ search: '', all: false });
  });
});
