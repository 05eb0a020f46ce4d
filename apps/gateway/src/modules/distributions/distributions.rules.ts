/**
 * Distribution rules (spec 001 §4 "Distribution", §5 "Distribution search", §7): the list query and the
 * actions of a header and of a detail, each with its permission and a Spanish reason.
 */
import { distributionSearch } from '@backoffice/validators';
import type {
  DistributionActionKind,
  DistributionDetailActionKind,
  DistributionFilter,
  DistributionStatisticsFilter,
  DistributionStatus,
  QueryDistributionsArgs,
} from '../../generated/resolvers-types.js';
import { defineActions, type ActionPermission, type ActionState } from '../../shared/actions.js';
import { permissionOf } from '../../shared/mutation-permissions.js';
import { normalizePaging, normalizeSearch } from '../../shared/paging.js';
import { periodFilters, type Filter } from '../../upstream/filters.js';
import type { DistributionListQuery } from './distributions.datasource.js';
import type { DistributionDetailModel, DistributionModel } from './distributions.mappers.js';

/**
 * Spec 001 §7: type, status equal (with an ascending sort on status), request_date from and to, payment_id,
 * collector.id. A search longer than 4 characters is payment_id alone (every other filter dropped).
 */
export function distributionFilters(filter: DistributionFilter | null | undefined): {
  filters: Filter[];
  sorts: DistributionListQuery['sorts'];
} {
  const sorts: DistributionListQuery['sorts'] = [{ field: 'request_date', direction: 'desc' }];
  if (!filter) return { filters: [], sorts };
  const search = distributionSearch(normalizeSearch(filter.search, 'filter.search'));
  if (search?.kind === 'paymentId') {
    return { filters: [{ field: 'payment_id', operation: 'EQUAL', value: search.value }], sorts };
  }
  const filters: Filter[] = [];
  if (filter.type) filters.push({ field: 'type', operation: 'EQUAL', value: filter.type.toLowerCase() });
  if (filter.status) {
    filters.push({ field: 'status', operation: 'EQUAL', value: filter.status.toLowerCase() });
    sorts.unshift({ field: 'status', direction: 'asc' });
  }
  filters.push(
    ...periodFilters('request_date', filter.from, filter.to, { from: 'filter.from', to: 'filter.to' }),
  );
  if (search) filters.push({ field: 'collector.id', operation: 'EQUAL', value: search.value });
  return { filters, sorts };
}

/**
 * The summary cards' filters: the list's type and request-date range, without its search, plus
 * the card's status; so a card counts the rows its state tab lists with the same range.
 */
export function distributionStatisticsFilters(
  filter: DistributionStatisticsFilter | null | undefined,
  status: 'error' | 'authorization_pending',
): Filter[] {
  const filters: Filter[] = [];
  if (filter?.type) filters.push({ field: 'type', operation: 'EQUAL', value: filter.type.toLowerCase() });
  filters.push({ field: 'status', operation: 'EQUAL', value: status });
  filters.push(
    ...periodFilters('request_date', filter?.from, filter?.to, { from: 'filter.from', to: 'filter.to' }),
  );
  return filters;
}

export function distributionListQuery(args: Partial<QueryDistributionsArgs>): DistributionListQuery {
  const { page, pageSize } = normalizePaging(args.page, args.pageSize);
  return { ...distributionFilters(args.filter), page, limit: pageSize };
}

export const DISTRIBUTION_REASONS = {
  reprocess: 'Solo se reprocesan distribuciones rechazadas, con error o pendientes.',
  authorization: 'Solo se autorizan o rechazan distribuciones pendientes de autorización.',
  edit: 'Solo se modifica el destino de detalles con error, pendientes, rechazados, manuales o diferidos.',
  receipt: 'Solo se envía el comprobante de un detalle aprobado.',
} as const;

const UPDATE_REASON = 'No tiene permisos para modificar distribuciones.';

const REPROCESSABLE: readonly DistributionStatus[] = ['REJECTED', 'ERROR', 'PENDING'];
const EDITABLE: readonly DistributionStatus[] = ['ERROR', 'PENDING', 'REJECTED', 'MANUAL', 'DEFERRED'];

/** Distribution.actions and the check of reprocess, approve and reject. */
export const distributionActions = defineActions<DistributionActionKind, DistributionModel>({
  kinds: ['REPROCESS', 'APPROVE', 'REJECT'],
  permissions: {
    REPROCESS: permissionOf('reprocessDistribution', UPDATE_REASON),
    APPROVE: permissionOf('approveDistribution', UPDATE_REASON),
    REJECT: permissionOf('rejectDistribution', UPDATE_REASON),
  },
  availableOnPreviousVersion: ['REPROCESS', 'APPROVE', 'REJECT'],
  previousVersionReason: '',
  isCurrentVersion: () => true,
  stateReason: (kind, d) =>
    kind === 'REPROCESS'
      ? REPROCESSABLE.includes(d.status)
        ? null
        : DISTRIBUTION_REASONS.reprocess
      : d.status === 'AUTHORIZATION_PENDING'
        ? null
        : DISTRIBUTION_REASONS.authorization,
});

const detailState = (kind: DistributionDetailActionKind, d: DistributionDetailModel): string | null =>
  kind === 'SEND_RECEIPT'
    ? d.status === 'SUCCESS'
      ? null
      : DISTRIBUTION_REASONS.receipt
    : EDITABLE.includes(d.status)
      ? null
      : DISTRIBUTION_REASONS.edit;

const detailTable = (edit: ActionPermission) =>
  defineActions<DistributionDetailActionKind, DistributionDetailModel>({
    kinds: ['EDIT', 'FORCE', 'SEND_RECEIPT'],
    permissions: {
      EDIT: edit,
      FORCE: {
        requires: ['DISTRIBUTION_FORCE'],
        reason: 'No tiene permisos para forzar distribuciones.',
      },
      SEND_RECEIPT: permissionOf('sendDistributionReceipt', UPDATE_REASON),
    },
    availableOnPreviousVersion: ['EDIT', 'FORCE', 'SEND_RECEIPT'],
    previousVersionReason: '',
    isCurrentVersion: () => true,
    stateReason: detailState,
  });

/** A scheduled distribution is edited with DISTRIBUTION_SCHEDULED_UPDATE (spec 001 §6), another with UPDATE. */
const NO_SCHEDULED_DETAIL = detailTable({ requires: ['DISTRIBUTION_UPDATE'], reason: UPDATE_REASON });
const SCHEDULED_DETAIL = detailTable({
  requires: ['DISTRIBUTION_SCHEDULED_UPDATE'],
  reason: 'No tiene permisos para modificar distribuciones programadas.',
});

const detailRules = (d: DistributionDetailModel) =>
  d.type === 'SCHEDULED' ? SCHEDULED_DETAIL : NO_SCHEDULED_DETAIL;

export const distributionDetailActions = {
  decide: (kind: DistributionDetailActionKind, d: DistributionDetailModel, permissions: readonly string[]) =>
    detailRules(d).decide(kind, d, permissions),
  list: (
    d: DistributionDetailModel,
    permissions: readonly string[],
  ): ActionState<DistributionDetailActionKind>[] => detailRules(d).list(d, permissions),
};

/**
 * `Distribution.modifiable`: a header action enabled and permitted, or details that can be edited or forced. Read
 * from the header alone (a list row, no detail call): its details share its status (an error header's other details
 * may be paid, and its first one is in error), so a detail of the header's status and type stands for them.
 */
export function distributionModifiable(d: DistributionModel, permissions: readonly string[]): boolean {
  if (distributionActions.list(d, permissions).some((a) => a.enabled && a.permitted)) return true;
  const detail = { type: d.type, status: d.status } as DistributionDetailModel;
  return detailRules(detail)
    .list(detail, permissions)
    .some((a) => a.kind !== 'SEND_RECEIPT' && a.enabled && a.permitted);
}

/** Spec 001 §8. */
export const DISTRIBUTION_SUCCESS = {
  update: 'Distribución actualizada',
  reprocess: 'Reprocesado correctamente',
  approve: 'Autorizado correctamente',
  reject: 'Rechazado correctamente',
  receipt: 'Comprobante enviado!',
} as const;
