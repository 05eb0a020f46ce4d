import type {
  PaymentDateField,
  PaymentFilter,
  PaymentSortField,
  PaymentStatus,
  PaymentsSearchQueryVariables,
  SortDirection,
} from './gql/graphql';
import { paymentStatusFromParam, paymentStatusToParam } from './payment-status';

/**
 * The state of Buscar Pagos, all of it in the URL so every view can be linked
 * (and the last one restored from session storage).
 *
 * URL parameters:
 *   search         free search (payer e-mail, payment id or name); `pagador` is accepted as an alias (spec 000 §2)
 *   collector_id   collector filter, with collector_name for its label
 *   status         pending | issued | approved | partial | rejected | refunded | objected | overdue
 *   period         YYYY-MM (default: the current month)
 *   date_field     refunded_date to apply the period to the refund date (default request_date)
 *   methods        media payment ids, comma separated (only with search or collector)
 *   page           1-based (default 1)
 *   page_size      10 | 25 | 50 | 100 (default 25)
 *   sort           request_date | payer.name | final_amount | status, then :asc or :desc (default request_date:desc)
 */

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface CollectorRef {
  id: string;
  name: string;
}

export interface PaymentsSort {
  field: PaymentSortField;
  direction: SortDirection;
}

export interface PaymentsListState {
  search: string;
  collector: CollectorRef | null;
  status: PaymentStatus | null;
  /** YYYY-MM */
  period: string;
  dateField: PaymentDateField;
  /** Media payment ids, ascending, only kept with a search or a collector. */
  methods: number[];
  page: number;
  pageSize: number;
  sort: PaymentsSort;
}

export const DEFAULT_SORT: PaymentsSort = { field: 'REQUEST_DATE', direction: 'DESC' };

/** The spec's sortable fields, as they appear in URLs. */
const SORT_FIELD_PARAMS: Record<PaymentSortField, string> = {
  REQUEST_DATE: 'request_date',
  PAYER_NAME: 'payer.name',
  FINAL_AMOUNT: 'final_amount',
  STATUS: 'status',
};

const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function periodOf(date: Date): string {
  return `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

export function isValidPeriod(value: string | null | undefined): value is string {
  return typeof value === 'string' && PERIOD_PATTERN.test(value);
}

/** Day 1 at 00:00:00.000 to the last day at 23:59:59.999, local time (spec 000 §9). */
export function periodRange(period: string): { from: Date; to: Date } {
  const match = PERIOD_PATTERN.exec(period);
  if (!match) throw new Error(`Período inválido: ${period}`);
  const year = Number(match[1]);
  const monthIndex = Number(match[2]) - 1;
  const from = new Date(year, monthIndex, 1, 0, 0, 0, 0);
  const to = new Date(year, monthIndex + 1, 0, 23, 59, 59, 999);
  return { from, to };
}

export function defaultPaymentsListState(now: Date = new Date()): PaymentsListState {
  return {
    search: '',
    collector: null,
    status: null,
    period: periodOf(now),
    dateField: 'REQUEST_DATE',
    methods: [],
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    sort: DEFAULT_SORT,
  };
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return undefined;
  const parsed = Number(value.trim());
  return parsed >= 1 ? parsed : undefined;
}

function parseSort(value: string | null): PaymentsSort {
  if (!value) return DEFAULT_SORT;
  const [fieldParam, directionParam = 'asc'] = value.split(':');
  const field = (Object.keys(SORT_FIELD_PARAMS) as PaymentSortField[]).find(
    (key) => SORT_FIELD_PARAMS[key] === fieldParam,
  );
  const direction = directionParam.toLowerCase();
  if (!field || (direction !== 'asc' && direction !== 'desc')) return DEFAULT_SORT;
  return { field, direction: direction === 'asc' ? 'ASC' : 'DESC' };
}

/** Media payment ids as written (up to 3 digits); which exist is the catalogue's to say (withKnownMethods). */
function parseMethods(value: string | null): number[] {
  if (!value) return [];
  const codes = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,3}$/.test(part))
    .map(Number);
  return [...new Set(codes)].sort((a, b) => a - b);
}

/**
 * The state without payment methods the catalogue does not know (a hand-written or stale link); the same
 * state when every method is known.
 */
export function withKnownMethods(
  state: PaymentsListState,
  isKnown: (mediaPaymentId: number) => boolean,
): PaymentsListState {
  const methods = state.methods.filter(isKnown);
  return methods.length === state.methods.length ? state : { ...state, methods };
}

/**
 * Applies the rules that tie filters together:
 * - the refund date ignores the status (choosing it clears the status, spec 000 §9);
 * - the payment-method filter exists only with a search or a collector (spec 000 §2).
 */
export function normalizePaymentsListState(state: PaymentsListState): PaymentsListState {
  const search = state.search.trim();
  const collector = state.collector && state.collector.id.trim() ? state.collector : null;
  return {
    ...state,
    search,
    collector,
    status: state.dateField === 'REFUNDED_DATE' ? null : state.status,
    methods: search || collector ? state.methods : [],
  };
}

/** Reads the list state from the URL; anything missing or invalid takes its default. */
export function parsePaymentsListParams(params: URLSearchParams, now: Date = new Date()): PaymentsListState {
  const defaults = defaultPaymentsListState(now);
  const collectorId = params.get('collector_id')?.trim();
  const collectorName = params.get('collector_name')?.trim();
  const pageSize = positiveInt(params.get('page_size'));
  const period = params.get('period');
  return normalizePaymentsListState({
    search: params.get('search') ?? params.get('pagador') ?? '',
    collector: collectorId ? { id: collectorId, name: collectorName || collectorId } : null,
    status: paymentStatusFromParam(params.get('status')),
    period: isValidPeriod(period) ? period : defaults.period,
    dateField: params.get('date_field') === 'refunded_date' ? 'REFUNDED_DATE' : 'REQUEST_DATE',
    methods: parseMethods(params.get('methods')),
    page: positiveInt(params.get('page')) ?? 1,
    pageSize:
      pageSize && (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    sort: parseSort(params.get('sort')),
  });
}

/**
 * Writes the list state as URL parameters in a stable order. Defaults are left out,
 * except the period, which is always written so a shared link shows the same month later.
 */
export function serializePaymentsListState(input: PaymentsListState): URLSearchParams {
  const state = normalizePaymentsListState(input);
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.collector) {
    params.set('collector_id', state.collector.id);
    if (state.collector.name && state.collector.name !== state.collector.id) {
      params.set('collector_name', state.collector.name);
    }
  }
  if (state.status) params.set('status', paymentStatusToParam(state.status));
  params.set('period', state.period);
  if (state.dateField === 'REFUNDED_DATE') params.set('date_field', 'refunded_date');
  if (state.methods.length > 0) params.set('methods', state.methods.join(','));
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('page_size', String(state.pageSize));
  if (state.sort.field !== DEFAULT_SORT.field || state.sort.direction !== DEFAULT_SORT.direction) {
    params.set('sort', `${SORT_FIELD_PARAMS[state.sort.field]}:${state.sort.direction.toLowerCase()}`);
  }
  return params;
}

/** The filters a search applies; changing any of them returns to page 1. */
export type PaymentsFilters = Pick<
  PaymentsListState,
  'search' | 'collector' | 'status' | 'period' | 'dateField' | 'methods'
>;

export function withFilters(state: PaymentsListState, filters: Partial<PaymentsFilters>): PaymentsListState {
  return normalizePaymentsListState({ ...state, ...filters, page: 1 });
}

export function withSort(state: PaymentsListState, sort: PaymentsSort | null): PaymentsListState {
  return { ...state, sort: sort ?? DEFAULT_SORT, page: 1 };
}

export function withPage(state: PaymentsListState, page: number, pageSize: number): PaymentsListState {
  const sizeChanged = pageSize !== state.pageSize;
  return { ...state, pageSize, page: sizeChanged ? 1 : Math.max(1, Math.floor(page)) };
}

/** The GraphQL variables of PaymentsSearch for a list state. */
export function toPaymentsSearchVariables(input: PaymentsListState): PaymentsSearchQueryVariables {
  const state = normalizePaymentsListState(input);
  const { from, to } = periodRange(state.period);
  const filter: PaymentFilter = {
    from: from.toISOString(),
    to: to.toISOString(),
    dateField: state.dateField,
  };
  if (state.search) filter.search = state.search;
  if (state.collector) filter.collectorId = state.collector.id;
  if (state.status) filter.status = state.status;
  if (state.methods.length > 0) filter.mediaPaymentIds = state.methods;
  return {
    filter,
    page: state.page,
    pageSize: state.pageSize,
    sort: { field: state.sort.field, direction: state.sort.direction },
  };
}

/** Every URL parameter the list reads. */
export const LIST_PARAMS: readonly string[] = [
  'search',
  'pagador',
  'collector_id',
  'collector_name',
  'status',
  'period',
  'date_field',
  'methods',
  'page',
  'page_size',
  'sort',
];

/** True when the URL carries any list parameter (otherwise the last list is restored from session storage). */
export function hasListParams(params: URLSearchParams): boolean {
  return LIST_PARAMS.some((name) => params.has(name));
}
