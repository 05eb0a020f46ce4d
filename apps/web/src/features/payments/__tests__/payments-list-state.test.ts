import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_PERIOD } from '@/components/pickers/period';
import { hasListParams as hasParams, withFilters as filter } from '@/lib/list';
import {
  ALL_PERIODS,
  DEFAULT_PAGE_SIZE,
  isPaymentIdSearch,
  defaultPaymentsListState,
  parsePaymentsListParams,
  paymentsList,
  serializePaymentsListState,
  toPaymentsSearchVariables,
  withKnownMethods,
  type PaymentsFilters,
  type PaymentsListState,
} from '../payments-list-state';

const NOW = new Date(2025, 2, 14, 10, 30); // 14 March 2025, local
const parse = (query: string) => parsePaymentsListParams(new URLSearchParams(query), NOW);
const serialize = (state: PaymentsListState) => serializePaymentsListState(state).toString();
const withFilters = (state: PaymentsListState, filters: Partial<PaymentsFilters>) =>
  filter(paymentsList, state, filters);
const hasListParams = (params: URLSearchParams) => hasParams(paymentsList, params);

describe('defaults', () => {
  it("starts on 'Mes actual' (relative), page 1 of 25, newest first", () => {
    expect(parse('')).toEqual({
      search: '',
      collector: null,
      status: null,
      period: CURRENT_PERIOD,
      dateField: 'REQUEST_DATE',
      methods: [],
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sort: { field: 'REQUEST_DATE', direction: 'DESC' },
    });
    expect(DEFAULT_PAGE_SIZE).toBe(25);
  });

  it("writes nothing for the default state: 'Mes actual' is never pinned", () => {
    expect(serialize(defaultPaymentsListState(NOW))).toBe('');
    expect(serialize({ ...defaultPaymentsListState(NOW), period: '2025-03' })).toBe('periodo=2025-03');
  });
});

describe('the spec pre-filter parameters', () => {
  it('reads pagador as the free search', () => {
    expect(parse('pagador=ana.gomez%40example.com').search).toBe('ana.gomez@example.com');
  });

  it('prefers search over pagador when both are present', () => {
    expect(parse('search=123&pagador=x%40y.com').search).toBe('123');
  });

  it('reads collector_id with collector_name', () => {
    expect(parse('collector_id=C-100&collector_name=Club+Atl%C3%A9tico').collector).toEqual({
      id: 'C-100',
      name: 'Club Atlético',
    });
  });

  it('uses the id as the label when collector_name is missing', () => {
    expect(parse('collector_id=C-100').collector).toEqual({ id: 'C-100', name: 'C-100' });
    expect(parse('collector_id=%20%20').collector).toBeNull();
  });

  it('reads status in the upstream spelling, case-insensitively', () => {
    expect(parse('status=approved').status).toBe('APPROVED');
    expect(parse('status=Overdue').status).toBe('OVERDUE');
    expect(parse('status=lost').status).toBeNull();
  });

  it("reads periodo as YYYY-MM or 'actual' and ignores anything else", () => {
    expect(parse('periodo=2024-11').period).toBe('2024-11');
    expect(parse('periodo=actual').period).toBe(CURRENT_PERIOD);
    for (const bad of ['2024-13', '2024-1', '11-2024', 'x']) {
      expect(parse(`periodo=${bad}`).period).toBe(CURRENT_PERIOD);
    }
  });

  it("reads an old link's period as periodo, the name of every list's period, and writes periodo", () => {
    expect(parse('period=2024-11').period).toBe('2024-11');
    expect(parse('period=todos&search=x').period).toBe(ALL_PERIODS);
    expect(parse('periodo=2024-10&period=2024-11').period).toBe('2024-10');
    expect(serialize(parse('period=2024-11'))).toBe('periodo=2024-11');
  });
});

describe('list parameters', () => {
  it('reads page, page size and sort', () => {
    const state = parse('page=3&page_size=50&sort=final_amount:asc');
    expect(state.page).toBe(3);
    expect(state.pageSize).toBe(50);
    expect(state.sort).toEqual({ field: 'FINAL_AMOUNT', direction: 'ASC' });
    expect(parse('sort=payer.name:desc').sort).toEqual({ field: 'PAYER_NAME', direction: 'DESC' });
    expect(parse('sort=status').sort).toEqual({ field: 'STATUS', direction: 'ASC' });
  });

  it('falls back on invalid page, page size and sort', () => {
    const state = parse('page=-2&page_size=1000&sort=concept:asc');
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(25);
    expect(state.sort).toEqual({ field: 'REQUEST_DATE', direction: 'DESC' });
    expect(parse('page=abc').page).toBe(1);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page_size=7').pageSize).toBe(25);
    expect(parse('sort=final_amount:sideways').sort.field).toBe('REQUEST_DATE');
  });

  it('keeps payment methods (ids of up to 3 digits, once, sorted) only with a search or a collector', () => {
    expect(parse('search=a&methods=9,5,9,28,abc,999,1000').methods).toEqual([5, 9, 28, 999]);
    expect(parse('collector_id=1&methods=10').methods).toEqual([10]);
    expect(parse('methods=9').methods).toEqual([]);
  });

  it("drops the payment methods the gateway's catalogue does not know", () => {
    const known = new Set([5, 9, 10]);
    const isKnown = (id: number) => known.has(id);
    const state = parse('search=a&methods=9,5,28,999');
    expect(withKnownMethods(state, isKnown)).toEqual({ ...state, methods: [5, 9] });
    const allKnown = parse('search=a&methods=9,10');
    expect(withKnownMethods(allKnown, isKnown)).toBe(allKnown);
  });

  it('clears the status when the refund date is chosen', () => {
    const state = parse('status=approved&date_field=refunded_date');
    expect(state.dateField).toBe('REFUNDED_DATE');
    expect(state.status).toBeNull();
    expect(parse('date_field=whatever').dateField).toBe('REQUEST_DATE');
  });
});

describe('round trip', () => {
  it('serialises every field and parses it back', () => {
    const state: PaymentsListState = {
      search: 'ana@example.com',
      collector: { id: '42', name: 'Colegio San Martín' },
      status: 'REJECTED',
      period: '2024-02',
      dateField: 'REQUEST_DATE',
      methods: [9, 10],
      page: 4,
      pageSize: 100,
      sort: { field: 'PAYER_NAME', direction: 'ASC' },
    };
    const query = serialize(state);
    expect(query).toBe(
      'search=ana%40example.com&collector_id=42&collector_name=Colegio+San+Mart%C3%ADn&status=rejected&periodo=2024-02&methods=9%2C10&page=4&page_size=100&sort=payer.name%3Aasc',
    );
    expect(parse(query)).toEqual(state);
  });

  it('drops the status with the refund date and the methods without search or collector', () => {
    const state = {
      ...defaultPaymentsListState(NOW),
      status: 'APPROVED' as const,
      dateField: 'REFUNDED_DATE' as const,
      methods: [9],
    };
    expect(serialize(state)).toBe('date_field=refunded_date');
  });

  it('trims the search', () => {
    expect(serialize({ ...defaultPaymentsListState(NOW), search: '  juan  ' })).toBe('search=juan');
  });
});

describe('transitions', () => {
  const onPage3: PaymentsListState = { ...defaultPaymentsListState(NOW), page: 3, search: 'x' };

  it('a filter change returns to page 1', () => {
    expect(withFilters(onPage3, { status: 'APPROVED' })).toMatchObject({ page: 1, status: 'APPROVED' });
    expect(withFilters(onPage3, { period: '2024-01' }).page).toBe(1);
  });

  it('choosing the refund date clears the status', () => {
    const withStatus = withFilters(onPage3, { status: 'APPROVED' });
    expect(withFilters(withStatus, { dateField: 'REFUNDED_DATE' }).status).toBeNull();
  });

  it('clearing search and collector clears the methods', () => {
    const withMethods = withFilters(onPage3, { methods: [5] });
    expect(withMethods.methods).toEqual([5]);
    expect(withFilters(withMethods, { search: '' }).methods).toEqual([]);
  });
});

describe('GraphQL variables (period in Argentine time)', () => {
  // 'Mes actual' is read on the day the list is asked for.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-02-10T15:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('builds the GraphQL variables', () => {
    const variables = toPaymentsSearchVariables({
      ...defaultPaymentsListState(new Date(2024, 1, 10)),
      search: 'ana@example.com',
      collector: { id: '7', name: 'Siete' },
      status: 'APPROVED',
      methods: [9],
      page: 2,
      sort: { field: 'FINAL_AMOUNT', direction: 'ASC' },
    });
    expect(variables).toEqual({
      filter: {
        search: 'ana@example.com',
        collectorId: '7',
        status: 'APPROVED',
        mediaPaymentIds: [9],
        from: '2024-02-01T03:00:00.000Z',
        to: '2024-03-01T02:59:59.999Z',
        dateField: 'REQUEST_DATE',
      },
      page: 2,
      pageSize: 25,
      sort: { field: 'FINAL_AMOUNT', direction: 'ASC' },
    });
  });

  it("sends 'Mes actual' as the month of the day the list is read (Argentine time)", () => {
    // 1 March 01:00 UTC is still 28 February in Buenos Aires.
    vi.setSystemTime(new Date('2024-03-01T01:00:00Z'));
    expect(toPaymentsSearchVariables(defaultPaymentsListState()).filter).toMatchObject({
      from: '2024-02-01T03:00:00.000Z',
      to: '2024-03-01T02:59:59.999Z',
    });
    vi.setSystemTime(new Date('2024-03-01T04:00:00Z'));
    expect(toPaymentsSearchVariables(defaultPaymentsListState()).filter).toMatchObject({
      from: '2024-03-01T03:00:00.000Z',
      to: '2024-04-01T02:59:59.999Z',
    });
  });

  it('sends no status with the refund date and no empty filters', () => {
    const variables = toPaymentsSearchVariables({
      ...defaultPaymentsListState(new Date(2024, 1, 10)),
      status: 'APPROVED',
      dateField: 'REFUNDED_DATE',
    });
    expect(variables.filter).toEqual({
      from: '2024-02-01T03:00:00.000Z',
      to: '2024-03-01T02:59:59.999Z',
      dateField: 'REFUNDED_DATE',
    });
  });
});

describe('hasListParams', () => {
  it('tells a bare /pagos from a linked view', () => {
    expect(hasListParams(new URLSearchParams(''))).toBe(false);
    expect(hasListParams(new URLSearchParams('status=approved'))).toBe(true);
    expect(hasListParams(new URLSearchParams('pagador=a%40b.com'))).toBe(true);
    expect(hasListParams(new URLSearchParams('utm_source=mail'))).toBe(false);
  });
});

describe('every period', () => {
  it('reads periodo=todos with a search and sends no period bounds', () => {
    const state = parse('search=maria%40x.com&periodo=todos');
    expect(state.period).toBe(ALL_PERIODS);
    expect(serialize(state)).toBe('search=maria%40x.com&periodo=todos');
    expect(toPaymentsSearchVariables(state).filter).toEqual({
      search: 'maria@x.com',
      dateField: 'REQUEST_DATE',
    });
  });

  it('without a search, every period falls back to a month', () => {
    const variables = toPaymentsSearchVariables(parse('periodo=todos'));
    expect(variables.filter?.from).toBeDefined();
    expect(variables.filter?.to).toBeDefined();
  });

  it('tells a payment id from an e-mail or a name', () => {
    expect(isPaymentIdSearch(' 100234 ')).toBe(true);
    expect(isPaymentIdSearch('maria@x.com')).toBe(false);
    expect(isPaymentIdSearch('María 2')).toBe(false);
  });
});
