import { useMemo } from 'react';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { rowActionsColumn } from '@/components/actions/row-actions-column';
import { rowMenuActions } from '@/components/actions/selection-actions';
import { formatAmount, formatDateTime } from '@/lib/format';
import { SubscriptionStatusChip } from '../detail/subscription-status-chip';
import type { SubscriptionActionKind, SubscriptionsTableRowFragment } from '../gql/graphql';
import { ROW_KINDS, SUBSCRIPTION_ACTIONS } from '../subscription-actions';
import { methodText, useMethodNames } from '../use-method-names';
import { statusColumn } from '@/components/detail/status-chip';

export type SubscriptionRow = SubscriptionsTableRowFragment;

/**
 * The columns of Buscar Suscripciones (spec 000 §2): FECHA, CONCEPTO, DESCRIPCIÓN, NOMBRE, IMPORTE, MEDIO DE PAGO
 * ('Sin medio de pago'), ESTADO, ACCIONES (the row's menu).
 */
export function useSubscriptionColumns(
  onRowAction: (kind: SubscriptionActionKind, row: SubscriptionRow) => void,
): DataTableColumn<SubscriptionRow>[] {
  const names = useMethodNames();
  // Fixed widths and flex minimums add up (with the checkbox column) to about 940 px: every column of the spec,
  // ACCIONES included, fits the grid of a 1280 px wide window with the side menu expanded, without horizontal
  // scroll and none hidden; the date, names and methods take two lines.
  return useMemo(
    () => [
      {
        field: 'requestDate',
        headerName: 'FECHA',
        width: 100,
        lines: 2,
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
        minWidth: 130,
        sortable: true,
        lines: 2,
        render: (row) => row.detail?.conceptDescription ?? '—',
      },
      {
        field: 'payerName',
        headerName: 'NOMBRE',
        flex: 1,
        minWidth: 110,
        lines: 2,
        sortable: true,
        render: (row) => row.payer?.name ?? '—',
      },
      {
        field: 'amount',
        headerName: 'IMPORTE',
        width: 112,
        align: 'right',
        sortable: true,
        render: (row) => formatAmount(row.amount),
      },
      {
        field: 'paymentMethod',
        headerName: 'MEDIO DE PAGO',
        flex: 1,
        minWidth: 130,
        lines: 2,
        sortable: true,
        render: (row) => methodText(row.paymentMethod, names),
      },
      statusColumn((row) => <SubscriptionStatusChip status={row.status} />, { width: 110 }),
      rowActionsColumn({
        actionsOf: (row: SubscriptionRow) => rowMenuActions(ROW_KINDS, row.actions, SUBSCRIPTION_ACTIONS),
        registry: SUBSCRIPTION_ACTIONS,
        label: (row) => `Acciones de la suscripción ${row.id}`,
        onAction: onRowAction,
      }),
    ],
    [names, onRowAction],
  );
}
