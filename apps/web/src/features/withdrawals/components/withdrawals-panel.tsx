import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { rowMenuActions } from '@/components/actions/selection-actions';
import type { DataTableColumn } from '@/components/data-table/data-table';
import type { WithdrawalBulkResultFragment, WithdrawalRowFragment } from '../gql/graphql';
import { WITHDRAWAL_STATUSES, WITHDRAWAL_STATUS_LABELS } from '../labels';
import { authorizationQuery, historyQuery, withdrawalsListRule } from '../lists';
import {
  WITHDRAWAL_ACTIONS,
  WITHDRAWAL_BULK_ACTIONS,
  WITHDRAWAL_BULK_KINDS,
  WITHDRAWAL_ROW_KINDS,
} from '../withdrawal-actions';
import { ACCOUNT_COLUMN_WIDTH, AccountText } from '@/components/data-table/cell-text';
import { collectorIdColumn, collectorNameColumn } from '@/components/data-table/collector-columns';
import { amountColumn, dateColumn, withdrawalStatusColumn } from './columns';
import type { WithdrawalsBulk as Bulk, WithdrawalsPage as Page } from './flow-dialogs';
import { change, useResetControl, useWithdrawalActions } from './use-withdrawal-actions';
import { WITHDRAWAL_ROW_TABLE } from './withdrawal-row-actions';
import { definePanel } from './withdrawal-list-panel';

type Row = WithdrawalRowFragment;

/**
 * The authorization list's and the history's columns, under one name each (the same rows in both). At 1280×800 with
 * the menu open a CBU reads on one line, a status chip on one line and the entity's name whole; the authorization
 * list, whose rows wait for an authorization and so carry no transfer date yet, lets FECHA DE TRANSFERENCIA give way
 * to its checkboxes (under 'Columnas') and shows the name on up to two lines. The history shows every column of the
 * spec (001 §2), which leave the name 100 px (two lines of 'Mutual de Empleados Bancarios del Litoral' take 153):
 * there it wraps onto as many lines as it needs, its row growing.
 */
const columnsOf = (history: boolean): DataTableColumn<Row>[] => [
  collectorIdColumn((r) => r.collectorId, { sortable: true }),
  collectorNameColumn((r) => r.collectorName, {
    minWidth: 100,
    ...(history ? { lines: 'all' as const } : {}),
  }),
  { field: 'id', headerName: 'ID', width: 70, render: (r) => r.id },
  {
    field: 'destinationAccount',
    headerName: 'CBU',
    width: ACCOUNT_COLUMN_WIDTH,
    render: (r) => (r.destinationAccount ? <AccountText account={r.destinationAccount} /> : '—'),
  },
  dateColumn('requestDate', 'FECHA DE SOLICITUD', 103, (r) => r.requestDate),
  {
    ...dateColumn('approvedDate', 'FECHA DE TRANSFERENCIA', 134, (r) => r.approvedDate),
    ...(history ? {} : { priority: 2 as const }),
  },
  amountColumn(100),
  // 'Por autorizar' whole on one line in the grid's bold chip (89 px of DejaVu Sans Bold, its padding and the cell's).
  withdrawalStatusColumn(112),
];

/** The history's status chips ('Todos' and one per status). */
function StatusChips({ page }: { page: Page }) {
  const { list, state } = page;
  return (
    <Stack direction="row" spacing={1} role="group" aria-label="Estado">
      {[null, ...WITHDRAWAL_STATUSES].map((status) => (
        <Chip
          key={status ?? 'all'}
          label={status ? WITHDRAWAL_STATUS_LABELS[status] : 'Todos'}
          color={state.status === status ? 'primary' : 'default'}
          variant={state.status === status ? 'filled' : 'outlined'}
          aria-pressed={state.status === status}
          onClick={() => list.setFilters({ ...state, status })}
        />
      ))}
    </Stack>
  );
}

/**
 * The authorization list (`history` false): collector filter, Actualizar, 'Rechazar selección' and 'Autorizar
 * selección' shown only when every selected row is pending authorization; opens filtered to
 * pending_authorization. The history: month period, collector, status chips, no selection.
 */
const withdrawalsPanel = (history: boolean) =>
  definePanel({
    query: history ? historyQuery : authorizationQuery,
    rule: withdrawalsListRule,
    ariaLabel: history ? 'Historial de retiros' : 'Retiros pendientes de autorización',
    totalTestId: 'withdrawals-total',
    columns: columnsOf(history),
    menu: {
      registry: WITHDRAWAL_ACTIONS,
      actionsOf: (row: Row) => rowMenuActions(WITHDRAWAL_ROW_KINDS, row.actions, WITHDRAWAL_ACTIONS),
    },
    bulk: {
      kinds: WITHDRAWAL_BULK_KINDS,
      registry: WITHDRAWAL_BULK_ACTIONS,
      onlyEnabled: true,
      changeOf: (r: WithdrawalBulkResultFragment) => change(r.withdrawal),
      table: WITHDRAWAL_ROW_TABLE,
    },
    selectable: !history,
    usePanel: history
      ? (page: Page, bulk: Bulk) => ({
          ...useWithdrawalActions(page, bulk),
          controls: <StatusChips page={page} />,
        })
      : (page: Page, bulk: Bulk) => ({ ...useWithdrawalActions(page, bulk), ...useResetControl(page) }),
  });

export const authorizationPanel = withdrawalsPanel(false);
export const historyPanel = withdrawalsPanel(true);
