import type { DataTableColumn } from '@/components/data-table/data-table';
import { statusChipOf, statusColumn } from '@/components/detail/status-chip';
import { formatAmount, formatDateTime } from '@/lib/format';
import { BATCH_STATE_LABELS, BATCH_STATE_TONES } from '../batch-list';
import type { BatchState } from '../gql/graphql';

interface BatchCommon {
  batchNumber: number;
  state: BatchState;
  totalAmount: string;
  totalApprovedTransactions: number;
  totalTransactions: number;
}

const BatchStateChip = statusChipOf(BATCH_STATE_LABELS, BATCH_STATE_TONES);

/** The columns both batch lists share (spec 001 §3): number, state, amount and transaction counts. */
export function batchColumns<R extends BatchCommon>(
  dates: readonly {
    field: string;
    headerName: string;
    value: (row: R) => string | null | undefined;
    /** How the date is shown (default: date and time in Argentine time). */
    format?: (value: string | null | undefined) => string;
  }[],
): DataTableColumn<R>[] {
  return [
    { field: 'batchNumber', headerName: 'LOTE', width: 80 },
    ...dates.map((d) => ({
      field: d.field,
      headerName: d.headerName,
      // The dates take the width left over, so the grid fills its card at any window width.
      flex: 1,
      minWidth: 160,
      // A date not there yet (an open batch's end) reads '—', as in every table of the kit.
      render: (row: R) => (d.format ?? formatDateTime)(d.value(row)) || '—',
    })),
    statusColumn((row) => <BatchStateChip status={row.state} />, {
      field: 'state',
      width: 115,
      sortable: false,
    }),
    {
      field: 'totalAmount',
      headerName: 'IMPORTE TOTAL',
      width: 130,
      align: 'right',
      render: (row) => formatAmount(row.totalAmount),
    },
    {
      field: 'transactions',
      headerName: 'APROBADAS / TOTAL',
      width: 120,
      align: 'right',
      render: (row) => `${row.totalApprovedTransactions} / ${row.totalTransactions}`,
    },
  ];
}
