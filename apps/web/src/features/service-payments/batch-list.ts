import type { StatusTone } from '@/components/detail/status-chip';
import { amountFilterValue } from '@/lib/amount-filter';
import { parseDayParam } from '@/components/pickers/period';
import {
  choicePart,
  codeParam,
  combineFilters,
  dayRangePart,
  textPart,
  defineListQuery,
  filtersOf,
  type ListDefinition,
  type ListState,
  SHORT_PAGING,
  sortFieldsOf,
} from '@/lib/list';
import {
  GatewayBatchesDocument,
  TransactionBatchesDocument,
  type BatchState,
  type ServicePaymentBatchFilter,
} from './gql/graphql';

/** Spec 001 §4 "Gateway batch": the state filter's labels. */
export const BATCH_STATE_LABELS: Readonly<Record<BatchState, string>> = {
  OPEN: 'Abierto',
  PENDING: 'Pendiente',
  CONCILIATED: 'Conciliado',
  CLOSE: 'Cerrado',
};

export const BATCH_STATES = Object.keys(BATCH_STATE_LABELS) as BatchState[];

/**
 * The states' tones (the spec names none; docs/decisions.md): an open batch still takes payments (info), a pending
 * one waits for its conciliation (warning), a conciliated one is done (success), a closed one is history.
 */
export const BATCH_STATE_TONES: Readonly<Record<BatchState, StatusTone>> = {
  OPEN: 'info',
  PENDING: 'warning',
  CONCILIATED: 'success',
  CLOSE: 'default',
};

/** The batch-list filters (spec 001 §7), as typed in the form (texts; days as YYYY-MM-DD). */
export interface BatchFilters {
  batchNumber: string;
  amountFrom: string;
  amountTo: string;
  from: string | null;
  to: string | null;
  state: BatchState | null;
}

const EMPTY: BatchFilters = {
  batchNumber: '',
  amountFrom: '',
  amountTo: '',
  from: null,
  to: null,
  state: null,
};

/**
 * A batch list's state in the URL (`numero`, `importe_desde`, `importe_hasta`, `desde`, `hasta`, `estado`) and in
 * session storage under `<area>.list`; page 1, size 10 (spec 001 §9).
 */
export function batchList(area: string): ListDefinition<BatchFilters, 'DATE'> {
  return {
    area,
    ...SHORT_PAGING,
    sortFields: sortFieldsOf(['DATE'], { DATE: { param: 'fecha' } }),
    defaultSort: { field: 'DATE', direction: 'DESC' },
    defaultFilters: () => EMPTY,
    filters: combineFilters(
      textPart('batchNumber', 'numero'),
      textPart('amountFrom', 'importe_desde'),
      textPart('amountTo', 'importe_hasta'),
      dayRangePart((raw) => parseDayParam(raw)),
      choicePart('state', 'estado', codeParam(BATCH_STATE_LABELS)),
    ),
  };
}

/** Argentine calendar day -> its first / last instant (UTC-03:00, no daylight saving). */
export const startOfDay = (day: string) => `${day}T00:00:00.000-03:00`;
export const endOfDay = (day: string) => `${day}T23:59:59.999-03:00`;

/** A calendar day (a gateway batch's `batch_date`, midnight UTC) -> its first / last instant in UTC. */
const startOfUtcDay = (day: string) => `${day}T00:00:00.000Z`;
const endOfUtcDay = (day: string) => `${day}T23:59:59.999Z`;

/**
 * The gateway's filter; texts that are not numbers are left out (the form shows their error). `calendarDays`:
 * the list's dates are calendar days at midnight UTC (gateway batches), filtered as the days they name.
 */
export function toBatchFilter(filters: BatchFilters, calendarDays = false): ServicePaymentBatchFilter {
  const start = calendarDays ? startOfUtcDay : startOfDay;
  const end = calendarDays ? endOfUtcDay : endOfDay;
  return {
    batchNumber: /^\d{1,9}$/.test(filters.batchNumber) ? Number(filters.batchNumber) : null,
    totalAmountFrom: amountFilterValue(filters.amountFrom),
    totalAmountTo: amountFilterValue(filters.amountTo),
    from: filters.from ? start(filters.from) : null,
    to: filters.to ? end(filters.to) : null,
    state: filters.state,
  };
}

/** Both batch lists take the same variables: the filter, the page and its size (the service sorts by date). */
const batchVariables = (state: ListState<BatchFilters, 'DATE'>) => ({
  filter: toBatchFilter(filtersOf(state)),
  page: state.page,
  pageSize: state.pageSize,
});

/** Pago de servicios: the transaction batches. */
export const transactionBatchesQuery = defineListQuery({
  list: batchList('service-payments.transactions'),
  document: TransactionBatchesDocument,
  variables: batchVariables,
  pageOf: (data) => data.transactionBatches,
});

/** Lotes de gateways. */
export const gatewayBatchesQuery = defineListQuery({
  list: batchList('service-payments.gateways'),
  document: GatewayBatchesDocument,
  variables: (state) => ({ ...batchVariables(state), filter: toBatchFilter(filtersOf(state), true) }),
  pageOf: (data) => data.gatewayBatches,
});
