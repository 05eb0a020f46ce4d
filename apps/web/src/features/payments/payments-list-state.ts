import type { CollectorRef } from '../../components/pickers/collector-picker';
import { CURRENT_PERIOD, periodLabel, periodRange } from '../../components/pickers/period';
import {
  choiceListPart,
  choicePart,
  codeParam,
  collectorPart,
  combineFilters,
  filterRule,
  periodPart,
  textPart,
  defineListQuery,
  defaultListState,
  normalizeListState,
  parseListParams,
  serializeListState,
  sortFieldsOf,
  STANDARD_PAGING,
  type ListDefinition,
  type ListSort,
  type ListState,
} from '../../lib/list';
import {
  PaymentsSearchDocument,
  type PaymentDateField,
  type PaymentFilter,
  type PaymentSortField,
  type PaymentStatus,
  type PaymentsSearchQueryVariables,
} from './gql/graphql';
import { PAYMENT_STATUS_LABELS } from './payment-status';

/**
 * Buscar Pagos' list (lib/list): its filters' URL codec and matching rules. URL parameters besides page,
 * page_size and sort:
 *   search         free search (payer e-mail, payment id or name); `pagador` is accepted as an alias (spec 000 §2)
 *   collector_id   collector filter, with collector_name for its label
 *   status         pending | issued | approved | partial | rejected | refunded | objected | overdue
 *   periodo        YYYY-MM, `actual` ('Mes actual', the default, never written: a saved view or a link follows the
 *                  calendar, issue 45) or `todos` (every period; only with a search, issue 10 item 5); the name of
 *                  every list's period (issue 64): an old link's `period` is still read
 *   date_field     refunded_date to apply the period to the refund date (default request_date)
 *   methods        media payment ids, comma separated (only with search or collector)
 */

/** The filters a search applies; changing any of them returns to page 1. */
export interface PaymentsFilters {
  search: string;
  collector: CollectorRef | null;
  status: PaymentStatus | null;
  /** YYYY-MM, CURRENT_PERIOD ('Mes actual') or ALL_PERIODS (only with a search). */
  period: string;
  dateField: PaymentDateField;
  /** Media payment ids, ascending, only kept with a search or a collector. */
  methods: number[];
}

export type PaymentsSort = ListSort<PaymentSortField>;
export type PaymentsListState = ListState<PaymentsFilters, PaymentSortField>;

/** The period value (and URL text) of a search over every period. */
export const ALL_PERIODS = 'todos';

/** Whether a search text is a payment id (all digits: the gateway looks it up by id). */
export const isPaymentIdSearch = (search: string): boolean => /^\d{1,19}$/.test(search.trim());

/** A media payment id as written (up to 3 digits); which exist is the catalogue's to say (withKnownMethods). */
const readMethod = (text: string): number | null => (/^\d{1,3}$/.test(text) ? Number(text) : null);

const DATE_FIELD_PARAM = codeParam<PaymentDateField>({ REQUEST_DATE: null, REFUNDED_DATE: null });

/**
 * The rules that tie filters together (after the parts trimmed the search and dropped a blank collector):
 * - the refund date ignores the status (choosing it clears the status, spec 000 §9);
 * - the payment-method filter exists only with a search or a collector (spec 000 §2);
 * - every period exists only with a search (without one it falls back to 'Mes actual').
 */
function paymentsRule(filters: PaymentsFilters): PaymentsFilters {
  const { search, collector } = filters;
  return {
    ...filters,
    period: filters.period === ALL_PERIODS && !search ? CURRENT_PERIOD : filters.period,
    status: filters.dateField === 'REFUNDED_DATE' ? null : filters.status,
    methods: search || collector ? filters.methods : [],
  };
}

export const paymentsList: ListDefinition<PaymentsFilters, PaymentSortField> = {
  area: 'payments',
  ...STANDARD_PAGING,
  defaultSort: { field: 'REQUEST_DATE', direction: 'DESC' },
  // Spec 000 §2's sortable fields: their upstream names in the URL, and the grid columns that sort by them.
  sortFields: sortFieldsOf(['REQUEST_DATE', 'PAYER_NAME', 'FINAL_AMOUNT', 'STATUS'], {
    PAYER_NAME: { param: 'payer.name' },
  }),
  defaultFilters: () => ({
    search: '',
    collector: null,
    status: null,
    period: CURRENT_PERIOD,
    dateField: 'REQUEST_DATE',
    methods: [],
  }),
  filters: combineFilters(
    textPart('search', 'search', { aliases: ['pagador'] }),
    collectorPart({ id: 'collector_id', name: 'collector_name' }),
    choicePart('status', 'status', codeParam(PAYMENT_STATUS_LABELS)),
    periodPart('periodo', [ALL_PERIODS], { aliases: ['period'] }),
    choicePart('dateField', 'date_field', DATE_FIELD_PARAM, { unwritten: 'REQUEST_DATE' }),
    choiceListPart('methods', 'methods', { read: readMethod, order: (a, b) => a - b }),
    filterRule(paymentsRule),
  ),
};

export const PAGE_SIZE_OPTIONS = paymentsList.pageSizes;
export const DEFAULT_PAGE_SIZE = paymentsList.defaultPageSize;
export const DEFAULT_SORT = paymentsList.defaultSort;

export const defaultPaymentsListState = (now?: Date) => defaultListState(paymentsList, now);
export const parsePaymentsListParams = (params: URLSearchParams, now?: Date) =>
  parseListParams(paymentsList, params, now);
export const serializePaymentsListState = (state: PaymentsListState) =>
  serializeListState(paymentsList, state);

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

/** The GraphQL variables of PaymentsSearch for a list state. */
export function toPaymentsSearchVariables(input: PaymentsListState): PaymentsSearchQueryVariables {
  const state = normalizeListState(paymentsList, input);
  const filter: PaymentFilter = { dateField: state.dateField };
  if (state.period !== ALL_PERIODS) {
    const { from, to } = periodRange(state.period);
    filter.from = from.toISOString();
    filter.to = to.toISOString();
  }
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

/**
 * The period the list reads, in words: 'marzo de 2025 · fecha de solicitud', 'noviembre de 2026 (mes actual) · …',
 * 'todos los períodos · …'.
 */
export function periodText({ period, dateField }: Pick<PaymentsFilters, 'period' | 'dateField'>): string {
  const field = dateField === 'REFUNDED_DATE' ? 'fecha de devolución' : 'fecha de solicitud';
  return `${period === ALL_PERIODS ? 'todos los períodos' : periodLabel(period)} · ${field}`;
}

/** Buscar Pagos' query: the screen's and the route preload's. */
export const paymentsQuery = defineListQuery({
  list: paymentsList,
  document: PaymentsSearchDocument,
  variables: toPaymentsSearchVariables,
  pageOf: (data) => data.payments,
});
