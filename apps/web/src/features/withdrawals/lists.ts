import { CURRENT_PERIOD, periodRange } from '../../components/pickers';
import type { CollectorRef } from '../../components/pickers/collector-picker';
import {
  choiceListPart,
  COLLECTOR_PART,
  combineFilters,
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
import { statusFromParam, statusParam, WITHDRAW_STATUSES } from './labels';
import {
  authorizationList,
  historyList,
  PERIOD_PART,
  type WithdrawalsFilters,
} from './withdrawal-lists.definition';

/**
 * The three lists of the area (lib/list; session storage `<area>.list`). URL parameters: `periodo` (YYYY-MM,
 * Argentine month; default the current one), `entidad` + `entidad_nombre` (collector), `estados` (the transfer
 * list's status toggles, comma separated) or `estado` (one status; 'Todos' leaves it out). The authorization list and
 * the history are declared in withdrawal-lists.definition.ts (the history is linked from the global search).
 */
export { authorizationList, historyList, type WithdrawalsFilters } from './withdrawal-lists.definition';

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
