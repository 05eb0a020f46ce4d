/**
 * Service-payment batch rules (spec 001 §2 "Service payments", §4 "Gateway batch", §7): the list filters and the
 * reconcile action (CONCILIATE_BATCH; the original showed the button to everyone, we do not).
 */
import { compareMoney, parseMoneyText, toUpstreamNumber, type Money } from '@backoffice/validators';
import { badUserInput } from '../../errors.js';
import type { GatewayBatchActionKind, ServicePaymentBatchFilter } from '../../generated/resolvers-types.js';
import { defineActions } from '../../shared/actions.js';
import { normalizePaging } from '../../shared/paging.js';
import { permissionOf } from '../../shared/mutation-permissions.js';
import { periodFilters, type Filter } from '../../upstream/filters.js';
import type { BatchListQuery } from './service-payments.datasource.js';
import type { GatewayBatchModel } from './service-payments.mappers.js';

function amount(value: string | null | undefined, field: string): Money | null {
  if (value === null || value === undefined) return null;
  const parsed = parseMoneyText(value);
  if (parsed === null || parsed.isNegative())
    throw badUserInput(`El importe (${field}) no es válido.`, field);
  return parsed;
}

/** The filters of a batch list; `dateField` is start_date (transactions) or batch_date (gateways). */
export function batchFilters(
  filter: ServicePaymentBatchFilter | null | undefined,
  dateField: string,
): Filter[] {
  if (!filter) return [];
  const filters: Filter[] = [];
  if (filter.batchNumber !== null && filter.batchNumber !== undefined) {
    if (!Number.isInteger(filter.batchNumber) || filter.batchNumber < 0) {
      throw badUserInput('El número de lote (filter.batchNumber) no es válido.', 'filter.batchNumber');
    }
    filters.push({ field: 'batch_number', operation: 'EQUAL', value: filter.batchNumber });
  }
  const from = amount(filter.totalAmountFrom, 'filter.totalAmountFrom');
  const to = amount(filter.totalAmountTo, 'filter.totalAmountTo');
  // Compared as decimals: two amounts that become the same number upstream can still be in the wrong order.
  if (from !== null && to !== null && compareMoney(from, to) > 0) {
    throw badUserInput('El importe desde debe ser menor o igual al importe hasta.', 'filter.totalAmountFrom');
  }
  if (from !== null)
    filters.push({
      field: 'total_amount',
      operation: 'GREATER_THAN_OR_EQUAL_TO',
      value: toUpstreamNumber(from),
    });
  if (to !== null)
    filters.push({ field: 'total_amount', operation: 'LESS_THAN_OR_EQUAL_TO', value: toUpstreamNumber(to) });
  filters.push(...periodFilters(dateField, filter.from, filter.to, { from: 'filter.from', to: 'filter.to' }));
  if (filter.state) filters.push({ field: 'state', operation: 'EQUAL', value: filter.state.toLowerCase() });
  return filters;
}

export function batchListQuery(
  args: { filter?: ServicePaymentBatchFilter | null; page?: number | null; pageSize?: number | null },
  dateField: string,
): BatchListQuery {
  const { page, pageSize } = normalizePaging(args.page, args.pageSize);
  return { filters: batchFilters(args.filter, dateField), page, limit: pageSize };
}

export const GATEWAY_BATCH_REASONS = {
  conciliated: 'El lote ya está conciliado.',
  closed: 'El lote está cerrado.',
} as const;

/** GatewayBatch.actions and the reconcile mutation's check. */
export const gatewayBatchActions = defineActions<GatewayBatchActionKind, GatewayBatchModel>({
  kinds: ['CONCILIATE'],
  permissions: {
    CONCILIATE: permissionOf('conciliateGatewayBatch', 'No tiene permisos para conciliar lotes.'),
  },
  availableOnPreviousVersion: ['CONCILIATE'],
  previousVersionReason: '',
  isCurrentVersion: () => true,
  stateReason: (_kind, batch) =>
    batch.state === 'CONCILIATED'
      ? GATEWAY_BATCH_REASONS.conciliated
      : batch.state === 'CLOSE'
        ? GATEWAY_BATCH_REASONS.closed
        : null,
});

/** Spec 001 §8 (spelling as the spec gives it). */
export const CONCILIATION_SUCCESS = 'Conciliación aprovada';
