import { byEnum, WITHDRAWAL_STATUS_TEXTS } from '@backoffice/validators';
import type { CollectorRef } from '@/components/pickers/collector-picker';
import { CURRENT_PERIOD } from '@/components/pickers/period';
import { codeParam } from '@/lib/list/enum-param';
import { COLLECTOR_PART, combineFilters, periodPart, statusFilter } from '@/lib/list/filter-parts';
import {
  sortFieldsOf,
  STANDARD_PAGING,
  type FilterCodec,
  type LinkedListDefinition,
  type ListDefinition,
} from '@/lib/list/list-definition';
import type { WithdrawalSortField, WithdrawalStatus } from './gql/graphql';

/**
 * The withdrawal authorization list and history's definitions: their codecs, and the history's route, no documents and
 * no React, so that another area may link to the history (`hrefOf`). URL parameters: `periodo` (YYYY-MM,
 * Argentine month; default the current one; the history only), `entidad` + `entidad_nombre` (collector), `estado`
 * (one status; 'Todos' leaves it out).
 */

/** `periodo`: a month or 'Mes actual' (the default, not written). */
export const PERIOD_PART = periodPart('periodo');

export interface WithdrawalsFilters {
  /** Only the history has a period; the authorization list reads every month. */
  period: string | null;
  collector: CollectorRef | null;
  status: WithdrawalStatus | null;
}

const WITHDRAWAL_SORT_FIELDS: ListDefinition<WithdrawalsFilters, WithdrawalSortField>['sortFields'] =
  sortFieldsOf(['REQUEST_DATE', 'APPROVED_DATE', 'AMOUNT', 'COLLECTOR_ID', 'STATUS']);

/** `estado`: one status, 'todos' for every one. */
const WITHDRAWAL_STATUS_PART = statusFilter(codeParam<WithdrawalStatus>(byEnum(WITHDRAWAL_STATUS_TEXTS)));

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
export const historyList: LinkedListDefinition<WithdrawalsFilters, WithdrawalSortField> = {
  ...withdrawalsDefinition('withdrawals.history', true, null, 'DESC'),
  path: '/retiros/historial',
};
