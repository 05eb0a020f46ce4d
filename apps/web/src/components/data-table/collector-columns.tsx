import type { DataTableColumn } from './data-table';

/**
 * The collector as every screen names it: its id and its name, one name each (a list's header is the same words in
 * capitals). Lists, dialogs and details that said 'ENTIDAD' for the id, 'FIRMA', 'SIGNATURE' or 'NOMBRE' for one
 * or the other made the operator read which concept each meant.
 */
export const COLLECTOR_LABELS = { id: 'ID entidad', name: 'Entidad' } as const;

const header = (label: string) => label.toLocaleUpperCase('es-AR');

type ColumnOptions<R> = Partial<
  Pick<DataTableColumn<R>, 'field' | 'width' | 'minWidth' | 'flex' | 'sortable' | 'priority' | 'lines'>
>;

/** ID ENTIDAD: the collector's id, '—' without one. */
export function collectorIdColumn<R>(
  id: (row: R) => string | null | undefined,
  options: ColumnOptions<R> = {},
): DataTableColumn<R> {
  return {
    field: 'collectorId',
    headerName: header(COLLECTOR_LABELS.id),
    width: 87,
    ...options,
    render: (row) => id(row) || '—',
  };
}

/**
 * ENTIDAD: the collector's name on up to two lines, so that a name like 'Consorcio Av. Rivadavia 4520' reads whole
 * where one line would cut it (`lines: 'all'`: on as many as it needs, its row growing); '—' without one.
 */
export function collectorNameColumn<R>(
  name: (row: R) => string | null | undefined,
  options: ColumnOptions<R> = {},
): DataTableColumn<R> {
  return {
    field: 'collectorName',
    headerName: header(COLLECTOR_LABELS.name),
    flex: 1,
    minWidth: 120,
    lines: 2,
    ...options,
    render: (row) => name(row) || '—',
  };
}
