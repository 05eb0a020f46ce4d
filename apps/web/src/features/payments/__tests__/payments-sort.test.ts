import { describe, expect, it } from 'vitest';
import type { DataTableSort } from '@/components/data-table/data-table';
import { fromTableSort as fromGridSort, toTableSort as toGridSort } from '@/lib/list';
import { paymentsList, type PaymentsSort } from '../payments-list-state';

// The grid's sort of Buscar Pagos (the kit's mapping over `paymentsList.sortFields`, as useListPage binds it).
const toTableSort = (sort: PaymentsSort) => toGridSort(paymentsList, sort);
const fromTableSort = (sort: DataTableSort | null) => fromGridSort(paymentsList, sort);

const columns = Object.values(paymentsList.sortFields).map((spec) => spec.column);

describe('grid sort <-> server sort', () => {
  it('maps the four sortable columns both ways', () => {
    expect(Object.keys(paymentsList.sortFields).sort()).toEqual([
      'FINAL_AMOUNT',
      'PAYER_NAME',
      'REQUEST_DATE',
      'STATUS',
    ]);
    for (const field of columns) {
      for (const direction of ['asc', 'desc'] as const) {
        const server = fromTableSort({ field, direction });
        expect(server).not.toBeNull();
        expect(toTableSort(server!)).toEqual({ field, direction });
      }
    }
  });

  it('maps directions', () => {
    expect(fromTableSort({ field: 'finalAmount', direction: 'asc' })).toEqual({
      field: 'FINAL_AMOUNT',
      direction: 'ASC',
    });
    expect(toTableSort({ field: 'REQUEST_DATE', direction: 'DESC' })).toEqual({
      field: 'requestDate',
      direction: 'desc',
    });
  });

  it('treats no sort or an unsortable column as the default', () => {
    expect(fromTableSort(null)).toBeNull();
    expect(fromTableSort({ field: 'conceptId', direction: 'asc' })).toBeNull();
  });
});
