import { describe, expect, it } from 'vitest';
import { codeParam } from '../enum-param';
import { combineFilters, SEARCH_TEXT_PART, statusFilter } from '../filter-parts';
import type { FilterCodec } from '../list-definition';

type Status = 'OPEN' | 'CLOSED';
const STATUS = statusFilter(codeParam<Status>({ OPEN: 'Abierta', CLOSED: 'Cerrada' }));

/** A part of the test's own: a number of days at `dias`, at least 1. */
const DAYS: FilterCodec<{ days: number }> = {
  params: ['dias'],
  parse: (params, defaults) => ({ days: Number(params.get('dias')) || defaults.days }),
  write(filters, params) {
    params.set('dias', String(filters.days));
  },
  normalize: (filters) => ({ ...filters, days: Math.max(1, filters.days) }),
};

const codec = combineFilters(SEARCH_TEXT_PART, DAYS, STATUS);
const defaults = { search: '', days: 7, status: 'OPEN' as Status | null };
const written = (filters: typeof defaults) => {
  const params = new URLSearchParams();
  codec.write(filters, params);
  return params.toString();
};

describe('combineFilters: a filter codec from its parts', () => {
  it("lists every part's parameters, in the parts' order", () => {
    expect(codec.params).toEqual(['q', 'dias', 'estado']);
  });

  it('reads each part from the URL, the defaults for what is missing', () => {
    expect(codec.parse(new URLSearchParams('q=%20ana%20&dias=3&estado=closed'), defaults)).toEqual({
      search: 'ana',
      days: 3,
      status: 'CLOSED',
    });
    expect(codec.parse(new URLSearchParams(''), defaults)).toEqual(defaults);
  });

  it('writes the parts in order, each leaving out what it leaves out', () => {
    expect(written({ search: 'ana', days: 3, status: 'CLOSED' })).toBe('q=ana&dias=3&estado=closed');
    expect(written({ search: '', days: 7, status: null })).toBe('dias=7&estado=todos');
  });

  it("tidies with every part's rule and keeps the fields no rule touches", () => {
    expect(codec.normalize?.({ search: '  ana ', days: -2, status: 'OPEN' })).toEqual({
      search: 'ana',
      days: 1,
      status: 'OPEN',
    });
  });
});

describe('statusFilter: a status at `estado`', () => {
  const parse = (query: string, fallback: Status | null) =>
    STATUS.parse(new URLSearchParams(query), { status: fallback }).status;

  it("reads 'todos' as every status, a missing or unknown text as the default", () => {
    expect(parse('estado=todos', 'OPEN')).toBeNull();
    expect(parse('estado=CLOSED', 'OPEN')).toBe('CLOSED');
    expect(parse('estado=lost', 'OPEN')).toBe('OPEN');
    expect(parse('', null)).toBeNull();
  });
});
