import { CURRENT_PERIOD, periodRange } from '../../components/pickers';
import type { CollectorRef } from '../../components/pickers/collector-picker';
import {
  choiceListPart,
  codeParam,
  COLLECTOR_PART,
  combineFilters,
  type FilterCodec,
  periodPart,
  statusFilter,
  defineListQuery,
  positionOf,
  sortFieldsOf,
  statusChangeOfRow,
  statusListRule,
  type StatusRowChange,
  STANDARD_PAGING,
  type ListCacheRule,
  type ListDefinition,
  type ListState,
} from '../../lib/list';
import {
  WithdrawalsDocument,
  WithdrawsDocument,
  type WithdrawalFilter,
  type WithdrawalSortField,
  type WithdrawalStatus,
  type WithdrawFilter,
  type WithdrawSortField,
  type WithdrawStatus,
  type WithdrawalsQueryVariables,
  type WithdrawsQueryVariables,
} from './gql/graphql';
import { statusFromParam, statusParam, WITHDRAW_STATUSES, WITHDRAWAL_STATUS_LABELS } from './labels';

/**
 * The three lists of the area (lib/list; session storage `<area>.list`). URL parameters: `periodo` (YYYY-MM,
 * Argentine month; default the current one), `entidad` + `entidad_nombre` (collector), `estados` (the transfer
 * list's status toggles, comma separated) or `estado` (one status; 'Todos' leaves it out).
 */

/** `periodo`: a month or 'Mes actual' (the default, not written: issue 45). */
const PERIOD_PART = periodPart('periodo');

/** The gateway's from/to of a month period. */
export function periodVariables(period: string): { from: string; to: string } {
  const { from, to } = periodRange(period);
  return { from: from.toISOString(), to: to.toISOString() };
}

// --- /retiros: withdrawals to transfer ----------------------------------------------------------------

export interface WithdrawsFilters {
  period: string;
  collector: CollectorRef | null;
  statuses: WithdrawStatus[];
}

export const withdrawsList: ListDefinition<WithdrawsFilters, WithdrawSortField> = {
  area: 'withdraws',
  ...STANDARD_PAGING,
  defaultSort: { field: 'REQUEST_DATE', direction: 'ASC' },
  sortFields: sortFieldsOf(['REQUEST_DATE', 'TRANSFER_DATE', 'AMOUNT', 'COLLECTOR_ID', 'STATUS']),
  defaultFilters: () => ({ period: CURRENT_PERIOD, collector: null, statuses: ['PENDING'] }),
  filters: combineFilters(
    PERIOD_PART,
    COLLECTOR_PART,
    choiceListPart('statuses', 'estados', {
      read: (text) => statusFromParam(WITHDRAW_STATUSES, text),
      write: statusParam,
      always: true,
    }),
  ),
};

export const toWithdrawFilter = (f: WithdrawsFilters): WithdrawFilter => ({
  collectorId: f.collector?.id ?? null,
  statuses: f.statuses,
  ...periodVariables(f.period),
});

/** The variables of the withdraws list (`Withdraws`) for a list state: the panel's and the route preload's. */
export const toWithdrawsVariables = (
  state: ListState<WithdrawsFilters, WithdrawSortField>,
): WithdrawsQueryVariables => ({ filter: toWithdrawFilter(state), ...positionOf(state) });

/** The withdraws list's query: the panel's and the route preload's. */
export const withdrawsQuery = defineListQuery({
  list: withdrawsList,
  document: WithdrawsDocument,
  variables: toWithdrawsVariables,
  pageOf: (data) => data.withdraws,
});

export type WithdrawRowChange = StatusRowChange<WithdrawStatus>;

/** A withdraw leaves a list whose status toggles it no longer matches (spec 001 §4). */
export const withdrawsListRule: ListCacheRule<WithdrawRowChange, WithdrawFilter> = {
  field: 'withdraws',
  stillMatches: (change, filter) =>
    !filter.statuses?.length || !change.status || filter.statuses.includes(change.status),
  changeOfRow: statusChangeOfRow,
};

// --- authorization list and history --------------------------------------------------------------------

export interface WithdrawalsFilters {
  /** Only the history has a period; the authorization list reads every month. */
  period: string | null;
  collector: CollectorRef | null;
  status: WithdrawalStatus | null;
}

const WITHDRAWAL_SORT_FIELDS: ListDefinition<WithdrawalsFilters, WithdrawalSortField>['sortFields'] =
  sortFieldsOf(['REQUEST_DATE', 'APPROVED_DATE', 'AMOUNT', 'COLLECTOR_ID', 'STATUS']);

/** `estado`: one status, 'todos' for every one. */
const WITHDRAWAL_STATUS_PART = statusFilter(codeParam(WITHDRAWAL_STATUS_LABELS));

function withdrawalsDefinition(
  area: string,
  withPeriod: boolean,
  defaultStatus: WithdrawalStatus | null,
  direction: 'ASC' | 'DESC',
): ListDefinition<WithdrawalsFilters, WithdrawalSortField> {
  return {
    area,
    ...STANDARD_PAGING,
    defaultSort: { field: 'REQUEST_DATE', direction },
    sortFields: WITHDRAWAL_SORT_FIELDS,
    defaultFilters: () => ({
      period: withPeriod ? CURRENT_PERIOD : null,
      collector: null,
      status: defaultStatus,
    }),
    // The authorization list reads no period: it stays the default, none (combineFilters).
    filters: withPeriod
      ? combineFilters(PERIOD_PART, COLLECTOR_PART, WITHDRAWAL_STATUS_PART)
      : (combineFilters(COLLECTOR_PART, WITHDRAWAL_STATUS_PART) as FilterCodec<WithdrawalsFilters>),
  };
}

/** The authorization list: opens filtered to pending_authorization, request_date ascending (spec 001 §2, §9). */
export const authorizationList = withdrawalsDefinition(
  'withdrawals.authorization',
  false,
  'PENDING_AUTHORIZATION',
  'ASC',
);
/** The history: month period, 'Todos' by default, request_date descending (spec 001 §9). */
export const historyList = withdrawalsDefinition('withdrawals.history', true, null, 'DESC');

export const toWithdrawalFilter = (f: WithdrawalsFilters): WithdrawalFilter => ({
  collectorId: f.collector?.id ?? null,
  status: f.status,
  ...(f.period ? periodVariables(f.period) : {}),
});

export type WithdrawalRowChange = StatusRowChange<WithdrawalStatus>;

/** After authorize or reject a row leaves a list whose status filter it no longer matches (spec 001 §4). */
export const withdrawalsListRule: ListCacheRule<WithdrawalRowChange, WithdrawalFilter> =
  statusListRule('withdrawals');

const withdrawalsQuery = (list: ListDefinition<WithdrawalsFilters, WithdrawalSortField>) =>
  defineListQuery({
    list,
    document: WithdrawalsDocument,
    variables: (state: ListState<WithdrawalsFilters, WithdrawalSortField>): WithdrawalsQueryVariables => ({
      filter: toWithdrawalFilter(state),
      ...positionOf(state),
    }),
    pageOf: (data) => data.withdrawals,
  });

/** The authorization list's query. */
export const authorizationQuery = withdrawalsQuery(authorizationList);
/** The history's query. */
export const historyQuery = withdrawalsQuery(historyList);
