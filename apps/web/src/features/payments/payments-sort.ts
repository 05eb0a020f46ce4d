import type { DataTableSort } from '../../components/data-table/data-table';
import { fromTableSort as fromGridSort, toTableSort as toGridSort } from '../../lib/list';
import { paymentsList, type PaymentsSort } from './payments-list-state';

/** The grid's sort for Buscar Pagos' sort (the columns are in `paymentsList.sortFields`). */
export const toTableSort = (sort: PaymentsSort): DataTableSort | null => toGridSort(paymentsList, sort);

/** null (no sort, or a column the server cannot sort) means the default sort. */
export const fromTableSort = (sort: DataTableSort | null): PaymentsSort | null =>
  fromGridSort(paymentsList, sort);
