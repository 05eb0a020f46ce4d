import { CURRENT_PERIOD, periodRange, resolvePeriod, shiftPeriod } from '@/components/pickers/period';
import {
  choicePart,
  codeParam,
  COLLECTOR_PART,
  combineFilters,
  defineListQuery,
  type ListCacheRule,
  type ListDefinition,
  periodPart,
  SHORT_PAGING,
  sortFieldsOf,
  statusListRule,
  type StatusRowChange,
} from '@/lib/list';
import { BATCH_STATUS_LABELS } from './batch-labels';
import {
  WithdrawalBatchesDocument,
  type WithdrawalBatchFilter,
  type WithdrawalBatchSortField,
  type WithdrawalBatchStatus,
  type WithdrawalBatchesQueryVariables,
} from './gql/graphql';

/**
 * Lotes' list (lib/list, session storage `batches.list`; spec 001 §2 "Withdrawal batches"): `entidad` +
 * `entidad_nombre` (required before any search), `periodo` (YYYY-MM; default 'Mes actual', not written), `estado`
 * (absent: 'Todos'), then page (size 10 by default, spec 001 §9) and sort.
 */
export interface BatchesFilters {
  collector: { id: string; name: string } | null;
  period: string;
  status: WithdrawalBatchStatus | null;
}

export const batchesList: ListDefinition<BatchesFilters, WithdrawalBatchSortField> = {
  area: 'batches',
  ...SHORT_PAGING,
  defaultSort: { field: 'CREATION_DATE', direction: 'DESC' },
  sortFields: sortFieldsOf(['CREATION_DATE', 'ID', 'BALANCE', 'RECORD_COUNT', 'STATUS']),
  defaultFilters: () => ({ collector: null, period: CURRENT_PERIOD, status: null }),
  filters: combineFilters(
    COLLECTOR_PART,
    periodPart('periodo'),
    choicePart('status', 'estado', codeParam(BATCH_STATUS_LABELS)),
  ),
};

/** The month as creation_date bounds: its first instant (inclusive) to the next month's first (exclusive). */
export function periodBounds(choice: string): { from: string; to: string } {
  const period = resolvePeriod(choice);
  return {
    from: periodRange(period).from.toISOString(),
    to: periodRange(shiftPeriod(period, 1)).from.toISOString(),
  };
}

/** The query variables of a list state; null while no collector is chosen (no search runs). */
export function toBatchesVariables(
  state: BatchesFilters & {
    page: number;
    pageSize: number;
    sort: WithdrawalBatchesQueryVariables['sort'];
  },
): WithdrawalBatchesQueryVariables | null {
  if (!state.collector) return null;
  return {
    filter: { collectorId: state.collector.id, ...periodBounds(state.period), status: state.status },
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
  };
}

export type BatchRowChange = StatusRowChange<WithdrawalBatchStatus>;

/** After a reprocess, a batch leaves a list filtered by another status (spec 001 §4 "Batch"). */
export const batchesListRule: ListCacheRule<BatchRowChange, WithdrawalBatchFilter> =
  statusListRule('withdrawalBatches');

/** Stands in for the variables while no collector is chosen (the screen skips the query). */
const NO_SEARCH: WithdrawalBatchesQueryVariables = { filter: { collectorId: '' } };

/** Lotes' query for a list state. */
export const batchesQuery = defineListQuery({
  list: batchesList,
  document: WithdrawalBatchesDocument,
  variables: (state) => toBatchesVariables(state) ?? NO_SEARCH,
  pageOf: (data) => data.withdrawalBatches,
});
