import { memo } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableSort,
} from '@/components/data-table/data-table';
import { RowActionsMenu } from '@/components/actions/row-actions-menu';
import { rowMenuActions } from '@/components/actions/selection-actions';
import { formatAmount, formatDateTime } from '@/lib/format';
import { SubscriptionStatusChip } from '../detail/subscription-status-chip';
import type { SubscriptionActionKind, SubscriptionsTableRowFragment } from '../gql/graphql';
import { SUBSCRIPTIONS_MESSAGES } from '../messages';
import { ROW_KINDS, SUBSCRIPTION_ACTIONS } from '../subscription-actions';
import { methodText, useMethodNames } from '../use-method-names';

export type SubscriptionRow = SubscriptionsTableRowFragment;

export interface SubscriptionsTableProps {
  rows: readonly SubscriptionRow[];
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
  onRowAction(kind: SubscriptionActionKind, row: SubscriptionRow): void;
}

/**
 * The grid of Buscar Suscripciones (spec 000 §2): FECHA, CONCEPTO, DESCRIPCIÓN, NOMBRE, IMPORTE, MEDIO DE PAGO
 * ('Sin medio de pago'), ESTADO, ACCIONES; rows link to /suscripcion/{id}; checkbox selection of the page.
 */
export const SubscriptionsTable = memo(function SubscriptionsTable(props: SubscriptionsTableProps) {
  const names = useMethodNames();
  // Fixed widths and flex minimums add up (with the checkbox column) to about 1090 px: every column, ACCIONES
  // included, fits the grid of a 1440 px wide window with the side menu expanded, without horizontal scroll.
  const columns: DataTableColumn<SubscriptionRow>[] = [
    {
      field: 'requestDate',
      headerName: 'FECHA',
      width: 164,
      sortable: true,
      render: (row) => formatDateTime(row.requestDate),
    },
    {
      field: 'conceptId',
      headerName: 'CONCEPTO',
      width: 100,
      sortable: true,
      render: (row) => row.detail?.conceptId ?? '—',
    },
    {
      field: 'conceptDescription',
      headerName: 'DESCRIPCIÓN',
      flex: 1.4,
      minWidth: 160,
      sortable: true,
      lines: 2,
      render: (row) => row.detail?.conceptDescription ?? '—',
    },
    {
      field: 'payerName',
      headerName: 'NOMBRE',
      flex: 1,
      minWidth: 130,
      sortable: true,
      render: (row) => row.payer?.name ?? '—',
    },
    {
      field: 'amount',
      headerName: 'IMPORTE',
      width: 120,
      align: 'right',
      sortable: true,
      render: (row) => formatAmount(row.amount),
    },
    {
      field: 'paymentMethod',
      headerName: 'MEDIO DE PAGO',
      flex: 1,
      minWidth: 160,
      sortable: true,
      render: (row) => methodText(row.paymentMethod, names),
    },
    {
      field: 'status',
      headerName: 'ESTADO',
      width: 110,
      sortable: true,
      render: (row) => <SubscriptionStatusChip status={row.status} />,
    },
    {
      field: 'actions',
      headerName: 'ACCIONES',
      width: 92,
      align: 'center',
      rowLink: false,
      render: (row) => (
        <RowActionsMenu
          actions={rowMenuActions(ROW_KINDS, row.actions, SUBSCRIPTION_ACTIONS)}
          registry={SUBSCRIPTION_ACTIONS}
          label={`Acciones de la suscripción ${row.id}`}
          onAction={(kind) => props.onRowAction(kind, row)}
        />
      ),
    },
  ];
  return (
    <DataTable
      ariaLabel="Suscripciones"
      rows={props.rows}
      columns={columns}
      getRowId={(row) => row.id}
      rowCount={props.total}
      page={props.page}
      pageSize={props.pageSize}
      pageSizeOptions={props.pageSizeOptions}
      onPageChange={props.onPageChange}
      sort={props.sort}
      onSortChange={props.onSortChange}
      loading={props.loading}
      emptyMessage={SUBSCRIPTIONS_MESSAGES.empty}
      getRowHref={(row) => `/suscripcion/${encodeURIComponent(row.id)}`}
      selectable
      selectedIds={props.selectedIds}
      onSelectionChange={props.onSelectionChange}
    />
  );
});
