import type { DataTableSort } from '../../components/data-table/data-table';
import type { PaymentSortField } from './gql/graphql';
import type { PaymentsSort } from './payments-list-state';

/**
 * The grid's sortable columns (by column field) and the server's sort fields
 * (spec 000 §2: request_date, payer.name, final_amount, status).
 */
export const SORTABLE_COLUMNS: Readonly<Record<string, PaymentSortField>> = {
  requestDate: 'REQUEST_DATE',
  payerName: 'PAYER_NAME',
  finalAmount: 'FINAL_AMOUNT',
  status: 'STATUS',
};

export function toTableSort(sort: PaymentsSort): DataTableSort | null {
  const field = Object.keys(SORTABLE_COLUMNS).find((key) => SORTABLE_COLUMNS[key] === sort.field);
  return field ? { field, direction: sort.direction === 'ASC' ? 'asc' : 'desc' } : null;
}

/** null (no sort, or a column the server cannot sort) means the default sort. */
export function fromTableSort(sort: DataTableSort | null): PaymentsSort | null {
  const field = sort ? SORTABLE_COLUMNS[sort.field] : undefined;
  return sort && field ? { field, direction: sort.direction === 'asc' ? 'ASC' : 'DESC' } : null;
}
