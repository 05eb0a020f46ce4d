import { badUserInput } from '../../errors.js';
import type {
  PaymentFilter,
  PaymentSort,
  PaymentSortField,
  QueryPaymentsArgs,
} from '../../generated/resolvers-types.js';
import { normalizePaging, normalizeSearch } from '../../shared/paging.js';
import type { Filter, Sort } from '../../upstream/filters.js';

/** The upstream list query of Buscar Pagos. */
export interface PaymentListQuery {
  filters: Filter[];
  page: number;
  limit: number;
  sorts: Sort[];
}

export const DEFAULT_PAYMENT_PAGE_SIZE = 25;
export const MAX_MEDIA_PAYMENT_IDS = 50;

const SORT_FIELDS: Record<PaymentSortField, string> = {
  REQUEST_DATE: 'request_date',
  PAYER_NAME: 'payer.name',
  FINAL_AMOUNT: 'final_amount',
  STATUS: 'status',
};

const DEFAULT_SORT: Sort = { field: 'request_date', direction: 'desc' };

/** search -> the one filter it means: an e-mail, a payment id (all digits) or part of the payer name. */
export function searchFilter(search: string): Filter {
  if (search.includes('@'))
    return { field: 'payer.email', operation: 'EQUAL', value: search.trim().toLowerCase() };
  if (/^\d+$/.test(search)) return { field: 'id', operation: 'EQUAL', value: search };
  return { field: 'payer.name', operation: 'CONTAINS', value: search };
}

/**
 * The spec's rules for the payments filter (000 §2, §9):
 * - the payment-method filter applies only once a search or a collector is active;
 * - the period applies to request_date, or to refunded_date when chosen, which clears the status filter.
 */
export function paymentFilters(filter: PaymentFilter | null | undefined): Filter[] {
  if (!filter) return [];
  const filters: Filter[] = [];
  const search = normalizeSearch(filter.search, 'filter.search');
  if (search) filters.push(searchFilter(search));

  let collectorId: string | null = null;
  if (filter.collectorId !== null && filter.collectorId !== undefined) {
    collectorId = String(filter.collectorId).trim();
    if (!collectorId || collectorId.length > 64) {
      throw badUserInput('La entidad (filter.collectorId) no es válida.', 'filter.collectorId');
    }
    filters.push({ field: 'collector_id', operation: 'EQUAL', value: collectorId });
  }

  const dateField = filter.dateField === 'REFUNDED_DATE' ? 'refunded_date' : 'request_date';
  if (filter.status && dateField !== 'refunded_date') {
    filters.push({ field: 'status', operation: 'EQUAL', value: filter.status.toLowerCase() });
  }

  if (filter.mediaPaymentIds?.length && (search || collectorId)) {
    const ids = [...new Set(filter.mediaPaymentIds)];
    if (ids.length > MAX_MEDIA_PAYMENT_IDS || ids.some((id) => !Number.isInteger(id) || id < 0)) {
      throw badUserInput(
        'Los medios de pago (filter.mediaPaymentIds) no son válidos.',
        'filter.mediaPaymentIds',
      );
    }
    filters.push({ field: 'payment_methods.media_payment_id', operation: 'IN', value: ids });
  }

  const from = filter.from ?? null;
  const to = filter.to ?? null;
  if (from && to && Date.parse(from) > Date.parse(to)) {
    throw badUserInput(
      'La fecha desde (filter.from) debe ser anterior o igual a la fecha hasta (filter.to).',
      'filter.from',
    );
  }
  if (from) filters.push({ field: dateField, operation: 'GREATER_THAN_OR_EQUAL_TO', value: from });
  if (to) filters.push({ field: dateField, operation: 'LESS_THAN_OR_EQUAL_TO', value: to });
  return filters;
}

export function paymentSorts(sort: PaymentSort | null | undefined): Sort[] {
  if (!sort) return [DEFAULT_SORT];
  return [{ field: SORT_FIELDS[sort.field], direction: sort.direction === 'ASC' ? 'asc' : 'desc' }];
}

/** GraphQL arguments of Query.payments -> the upstream list query; invalid input -> BAD_USER_INPUT. */
export function paymentListQuery(args: Partial<QueryPaymentsArgs>): PaymentListQuery {
  const { page, pageSize } = normalizePaging(args.page, args.pageSize, DEFAULT_PAYMENT_PAGE_SIZE);
  return { filters: paymentFilters(args.filter), page, limit: pageSize, sorts: paymentSorts(args.sort) };
}
