import type { DataTableColumn } from '@/components/data-table/data-table';
import { collectorIdColumn, collectorNameColumn } from '@/components/data-table/collector-columns';
import { rowActionsColumn } from '@/components/actions/row-actions-column';
import { formatAmount, formatDateTime } from '@/lib/format';
import { BATCH_ACTIONS, ROW_KINDS } from '../batch-actions';
import type { BatchRowFragment, WithdrawalBatchActionKind } from '../gql/graphql';
import { BatchStatusChip } from './batch-status-chip';
import { statusColumn } from '@/components/detail/status-chip';

/**
 * The columns of Lotes (spec 001 §2): ID ENTIDAD, ENTIDAD (the collector's name), ID, FECHA DE CREACIÓN, SALDO, REGISTROS,
 * ESTADO, ACCIONES (the row's menu runs `onRowAction`).
 */
export function batchColumns(
  onRowAction: (kind: WithdrawalBatchActionKind, row: BatchRowFragment) => void,
): DataTableColumn<BatchRowFragment>[] {
  return [
    collectorIdColumn((row) => row.collectorId),
    collectorNameColumn((row) => row.collectorName, { minWidth: 160 }),
    { field: 'id', headerName: 'ID', width: 100, sortable: true, render: (row) => row.id },
    {
      field: 'creationDate',
      headerName: 'FECHA DE CREACIÓN',
      width: 200,
      sortable: true,
      render: (row) => formatDateTime(row.creationDate),
    },
    {
      field: 'balance',
      headerName: 'SALDO',
      width: 140,
      align: 'right',
      sortable: true,
      render: (row) => formatAmount(row.balance),
    },
    {
      field: 'recordCount',
      headerName: 'REGISTROS',
      width: 110,
      align: 'right',
      sortable: true,
      render: (row) => String(row.recordCount),
    },
    statusColumn((row) => <BatchStatusChip status={row.status} />, { width: 130 }),
    rowActionsColumn({
      kinds: ROW_KINDS,
      registry: BATCH_ACTIONS,
      label: (row) => `Acciones del lote ${row.id}`,
      onAction: onRowAction,
    }),
  ];
}
