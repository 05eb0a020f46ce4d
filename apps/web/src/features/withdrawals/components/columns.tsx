import type { DataTableColumn } from '@/components/data-table/data-table';
import { statusColumn } from '@/components/detail/status-chip';
import { formatAmount, formatDateTime } from '@/lib/format';
import type { WithdrawalStatus, WithdrawStatus } from '../gql/graphql';
import { WithdrawalStatusChip } from './status-chip';

/** The columns the withdrawal lists share, each at its own width. */

/** A sortable date on two lines; '—' while there is none. */
export function dateColumn<Row>(
  field: string,
  headerName: string,
  width: number,
  value: (row: Row) => string | null | undefined,
): DataTableColumn<Row> {
  return {
    field,
    headerName,
    width,
    lines: 2,
    sortable: true,
    render: (row) => {
      const date = value(row);
      return date ? formatDateTime(date) : '—';
    },
  };
}

/** MONTO, right aligned, sortable. */
export function amountColumn<Row extends { amount: string }>(width: number): DataTableColumn<Row> {
  return {
    field: 'amount',
    headerName: 'MONTO',
    width,
    align: 'right',
    sortable: true,
    render: (r) => formatAmount(r.amount),
  };
}

/** ESTADO: the status chip, sortable. */
export const withdrawalStatusColumn = <Row extends { status: WithdrawalStatus | WithdrawStatus }>(
  width: number,
) => statusColumn<Row>((r) => <WithdrawalStatusChip status={r.status} />, { width });
