import { periodLabel, periodRange } from '../../components/pickers/period';
import {
  defineListQuery,
  defaultListState,
  normalizeListState,
  parseListParams,
  serializeListState,
  type ListSort,
  type ListState,
} from '../../lib/list';
import {
  PaymentsSearchDocument,
  type PaymentFilter,
  type PaymentSortField,
  type PaymentsSearchQueryVariables,
} from './gql/graphql';
import { ALL_PERIODS, paymentsList, type PaymentsFilters } from './payments-list.definition';

/** Buscar Pagos' list: its definition (route and URL codec, payments-list.definition.ts), its state and its query. */
export { ALL_PERIODS, paymentsList, type PaymentsFilters };

export type PaymentsSort = ListSort<PaymentSortField>;
export type PaymentsListState = ListState<PaymentsFilters, PaymentSortField>;

/** Whether a search text is a payment id (all digits: the gateway looks it up by id). */
export const isPaymentIdSearch = (search: string): boolean => /^\d{1,19}$/.test(search.trim());

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
