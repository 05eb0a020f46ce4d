/**
 * The withdrawal rules (spec 001 §2, §4 "Withdraw" and "Withdrawal"): the list queries and every action with
 * its permission and a Spanish reason when it is refused. Withdraw.actions, Withdrawal.actions and every
 * mutation read these same tables.
 */
import type {
  QueryWithdrawalsArgs,
  QueryWithdrawsArgs,
  WithdrawActionKind,
  WithdrawalActionKind,
  WithdrawalSortField,
  WithdrawSortField,
  Permission,
} from '../../generated/resolvers-types.js';
import { defineActions, type ActionPermission } from '../../shared/actions.js';
import { checkId } from '../../shared/inputs.js';
import { permissionOf } from '../../shared/mutation-permissions.js';
import { normalizePaging } from '../../shared/paging.js';
import { periodFilters, type Filter, type Sort } from '../../upstream/filters.js';
import type { ListQuery } from './withdrawals.datasource.js';
import type { WithdrawalModel, WithdrawModel } from './withdrawals.mappers.js';
/** The withdraw file formats (spec 001 §2). */
export const WITHDRAW_FILE_FORMATS = ['xlsx', 'txt', 'xml'] as const;

const WITHDRAW_SORTS: Readonly<Record<WithdrawSortField, string>> = {
  REQUEST_DATE: 'request_date',
  TRANSFER_DATE: 'transfer_date',
  AMOUNT: 'amount',
  COLLECTOR_ID: 'collector_id',
  STATUS: 'status',
};
const WITHDRAWAL_SORTS: Readonly<Record<WithdrawalSortField, string>> = {
  REQUEST_DATE: 'request_date',
  APPROVED_DATE: 'approved_date',
  AMOUNT: 'amount',
  COLLECTOR_ID: 'collector_id',
  STATUS: 'status',
};

/** Spec 001 §9: the lists default to request_date ascending (the history asks for descending). */
const DEFAULT_SORTS: readonly Sort[] = [{ field: 'request_date', direction: 'asc' }];
const PERIOD_ARGS = { from: 'filter.from', to: 'filter.to' };

function sorts<F extends string>(
  table: Readonly<Record<F, string>>,
  sort: { field: F; direction: 'ASC' | 'DESC' } | null | undefined,
): Sort[] {
  if (!sort) return [...DEFAULT_SORTS];
  return [
    { field: table[sort.field], direction: sort.direction === 'ASC' ? 'asc' : 'desc' },
    { field: 'id', direction: 'asc' },
  ];
}

const collectorFilter = (collectorId: string | null | undefined): Filter[] =>
  collectorId
    ? [{ field: 'collector_id', operation: 'EQUAL', value: checkId(collectorId, 'filter.collectorId') }]
    : [];

/** Query.withdraws -> the upstream list query. */
export function withdrawListQuery(args: Partial<QueryWithdrawsArgs>): ListQuery {
  const { page, pageSize } = normalizePaging(args.page, args.pageSize);
  const filter = args.filter ?? {};
  const filters = collectorFilter(filter.collectorId);
  const statuses = [...new Set(filter.statuses ?? [])];
  if (statuses.length) {
    filters.push({ field: 'status', operation: 'IN', value: statuses.map((s) => s.toLowerCase()) });
  }
  filters.push(...periodFilters('request_date', filter.from, filter.to, PERIOD_ARGS));
  return { filters, page, limit: pageSize, sorts: sorts(WITHDRAW_SORTS, args.sort) };
}

/** Query.withdrawals -> the upstream list query. */
export function withdrawalListQuery(args: Partial<QueryWithdrawalsArgs>): ListQuery {
  const { page, pageSize } = normalizePaging(args.page, args.pageSize);
  const filter = args.filter ?? {};
  const filters = collectorFilter(filter.collectorId);
  if (filter.status)
    filters.push({ field: 'status', operation: 'EQUAL', value: filter.status.toLowerCase() });
  filters.push(...periodFilters('request_date', filter.from, filter.to, PERIOD_ARGS));
  return { filters, page, limit: pageSize, sorts: sorts(WITHDRAWAL_SORTS, args.sort) };
}

// ---------------------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------------------

export const WITHDRAW_REASONS = {
  notPending: 'Solo se pueden transferir o rechazar retiros pendientes.',
  notExportable: 'Solo se descargan y re-exportan retiros transferidos o pendientes.',
  notPendingAuthorization: 'Solo se pueden autorizar o rechazar retiros pendientes de autorización.',
} as const;

/** Who may download the file: the DOWNLOAD action and the file route of index.ts read this one statement. */
export const DOWNLOAD_REQUIRES = ['WITHDRAW_DOWNLOAD'] as const satisfies readonly Permission[];

const WITHDRAW_PERMISSIONS = {
  TRANSFER: permissionOf('transferWithdraws', 'No tiene permisos para transferir retiros.'),
  REJECT: permissionOf('rejectWithdraws', 'No tiene permisos para rechazar retiros.'),
  DOWNLOAD: { requires: DOWNLOAD_REQUIRES, reason: 'No tiene permisos para descargar retiros.' },
  RE_EXPORT: permissionOf('reExportWithdraw', 'No tiene permisos para re-exportar retiros.'),
} as const satisfies Record<WithdrawActionKind, ActionPermission>;

/** Spec 001 §4: transfer and reject only pending; downloads (and re-export) only transferred or pending. */
function withdrawState(kind: WithdrawActionKind, w: Pick<WithdrawModel, 'status'>): string | null {
  if (kind === 'TRANSFER' || kind === 'REJECT') {
    return w.status === 'PENDING' ? null : WITHDRAW_REASONS.notPending;
  }
  return w.status === 'PENDING' || w.status === 'TRANSFERRED' ? null : WITHDRAW_REASONS.notExportable;
}

export const withdrawActions = defineActions<WithdrawActionKind, Pick<WithdrawModel, 'status'>>({
  kinds: Object.keys(WITHDRAW_PERMISSIONS) as WithdrawActionKind[],
  permissions: WITHDRAW_PERMISSIONS,
  availableOnPreviousVersion: [],
  previousVersionReason: '',
  isCurrentVersion: () => true,
  stateReason: withdrawState,
});

const WITHDRAWAL_PERMISSIONS = {
  AUTHORIZE: permissionOf('authorizeWithdrawal', 'No tiene permisos para autorizar retiros.'),
  REJECT: permissionOf('rejectWithdrawal', 'No tiene permisos para rechazar retiros.'),
  DETAIL: null,
} as const satisfies Record<WithdrawalActionKind, ActionPermission | null>;

export const withdrawalActions = defineActions<WithdrawalActionKind, Pick<WithdrawalModel, 'status'>>({
  kinds: Object.keys(WITHDRAWAL_PERMISSIONS) as WithdrawalActionKind[],
  permissions: WITHDRAWAL_PERMISSIONS,
  availableOnPreviousVersion: [],
  previousVersionReason: '',
  isCurrentVersion: () => true,
  stateReason: (kind, w) =>
    kind === 'DETAIL' || w.status === 'PENDING_AUTHORIZATION'
      ? null
      : WITHDRAW_REASONS.notPendingAuthorization,
});
