import { memo } from 'react';
import { RowActionsMenu } from '@/components/actions/row-actions-menu';
import { rowMenuActions } from '@/components/actions/selection-actions';
import {
  DataTable,
  type DataTableColumn,
  type DataTableSort,
} from '@/components/data-table/data-table';
import { formatAmount, formatDateTime } from '@/lib/format';
import { BATCH_ACTIONS, ROW_KINDS } from '../batch-actions';
import { BATCHES_MESSAGES } from '../batch-labels';
import type { BatchRowFragment, WithdrawalBatchActionKind } from '../gql/graphql';
import { BatchStatusChip } from './batch-status-chip';

export interface BatchesTableProps {
  rows: readonly BatchRowFragment[];
  total: number | undefined;
  page: number;
  pageSize: number;
  pageSizeOptions: readonly number[];
  sort: DataTableSort | null;
  loading: boolean;
  selectedIds: readonly string[];
  onPageChange(page: number, pageSize: number): void;
  onSortChange(sort: DataTableSort | null): void;
  onSelectionChange(ids: string[]): void;
  onRowAction(kind: WithdrawalBatchActionKind, row: BatchRowFragment): void;
}

/**
 * The grid of Lotes (spec 001 §2): ENTIDAD (collector id), NOMBRE, ID, FECHA DE CREACIÓN, SALDO, REGISTROS,
 * ESTADO, ACCIONES; rows link to the batch detail; checkbox selection of the page.
 */
export const BatchesTable = memo(function BatchesTable(props: BatchesTableProps) {
  const columns: DataTableColumn<BatchRowFragment>[] = [
    { field: 'collectorId', headerName: 'ENTIDAD', width: 100, render: (row) => row.collectorId },
    {
      field: 'collectorName',
      headerName: 'NOMBRE',
      flex: 1,
      minWidth: 160,
      render: (row) => row.collectorName ?? '—',
    },
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
    {
      field: 'status',
      headerName: 'ESTADO',
      width: 130,
      sortable: true,
      render: (row) => <BatchStatusChip status={row.status} />,
    },
    {
      field: 'actions',
      headerName: 'ACCIONES',
      width: 92,
      align: 'center',
      rowLink: false,
      render: (row) => (
        <RowActionsMenu
          actions={rowMenuActions(ROW_KINDS, row.actions, BATCH_ACTIONS)}
          registry={BATCH_ACTIONS}
          label={`Acciones del lote ${row.id}`}
          onAction={(kind) => props.onRowAction(kind, row)}
        />
      ),
    },
  ];
  const { total, onRowAction: _onRowAction, ...table } = props;
  return (
    <DataTable
      {...table}
      ariaLabel="Lotes"
      columns={columns}
      getRowId={(row) => row.id}
      rowCount={total}
      emptyMessage={BATCHES_MESSAGES.empty}
      getRowHref={(row) =>
        `/lotes/lotes/${encodeURIComponent(row.collectorId)}/${encodeURIComponent(row.id)}`
      }
      selectable
    />
  );
});
