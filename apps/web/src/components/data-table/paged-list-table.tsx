import Paper from '@mui/material/Paper';
import { DataTable, type DataTableColumn } from './data-table';

export interface PagedListTableProps<R extends object> {
  ariaLabel: string;
  rows: readonly R[] | undefined;
  columns: readonly DataTableColumn<R>[];
  getRowId: (row: R) => string;
  /** Total rows on the server; undefined while unknown. */
  total: number | undefined;
  /** The list's position (lib/list `useListState`): 1-based page and size. */
  list: {
    state: { page: number; pageSize: number };
    setPage: (page: number, pageSize?: number) => void;
  };
  pageSizes: readonly number[];
  loading: boolean;
  emptyMessage: string;
}

/**
 * An outlined, server-paged DataTable bound to a list's page and size, without sorting (the lists whose service
 * takes no sort: service-payment batches, distributions).
 */
export function PagedListTable<R extends object>({
  ariaLabel,
  rows,
  columns,
  getRowId,
  total,
  list,
  pageSizes,
  loading,
  emptyMessage,
}: PagedListTableProps<R>) {
  return (
    <Paper variant="outlined">
      <DataTable
        ariaLabel={ariaLabel}
        rows={rows ?? []}
        columns={columns}
        getRowId={getRowId}
        rowCount={total}
        page={list.state.page}
        pageSize={list.state.pageSize}
        pageSizeOptions={pageSizes}
        onPageChange={(page, size) => list.setPage(page, size)}
        sort={null}
        onSortChange={() => undefined}
        loading={loading}
        emptyMessage={emptyMessage}
      />
    </Paper>
  );
}
