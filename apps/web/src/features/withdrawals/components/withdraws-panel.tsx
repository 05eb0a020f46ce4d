import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { rowMenuActions } from '@/components/actions/selection-actions';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { collectorIdColumn, collectorNameColumn } from '@/components/data-table/collector-columns';
import type { WithdrawBulkResultFragment, WithdrawRowFragment, WithdrawStatus } from '../gql/graphql';
import { WITHDRAW_STATUSES, WITHDRAW_STATUS_LABELS } from '../labels';
import { withdrawsListRule, withdrawsQuery } from '../lists';
import {
  FILE_FORMAT_OF,
  WITHDRAW_ACTIONS,
  WITHDRAW_BULK_KINDS,
  WITHDRAW_ROW_KINDS,
  type WithdrawFileKind,
} from '../withdrawal-actions';
import { amountColumn, dateColumn, withdrawalStatusColumn } from './columns';
import type { WithdrawsBulk, WithdrawsPage } from './flow-dialogs';
import { useWithdrawsActions } from './use-withdraws-actions';
import { WITHDRAW_ROW_TABLE } from './withdrawal-row-actions';
import { definePanel } from './withdrawal-list-panel';

type Row = WithdrawRowFragment;

/** The row menu: each download format stands for the gateway's DOWNLOAD action. */
const menuActions = (row: Row) => {
  const download = row.actions.find((a) => a.kind === 'DOWNLOAD');
  const expanded = [
    ...row.actions,
    ...(download
      ? (Object.keys(FILE_FORMAT_OF) as WithdrawFileKind[]).map((kind) => ({ ...download, kind }))
      : []),
  ];
  return rowMenuActions(WITHDRAW_ROW_KINDS, expanded, WITHDRAW_ACTIONS);
};

/** Every column of the spec (001 §2 "Withdrawals to transfer") shows at 1280×800 with the menu open. */
const COLUMNS: DataTableColumn<Row>[] = [
  collectorIdColumn((r) => r.collectorId, { sortable: true }),
  collectorNameColumn((r) => r.collectorName, { minWidth: 100 }),
  { field: 'id', headerName: 'ID', width: 70, render: (r) => r.id },
  dateColumn('requestDate', 'FECHA DE SOLICITUD', 103, (r) => r.requestDate),
  { field: 'requestUser', headerName: 'SOLICITADO POR', width: 92, render: (r) => r.requestUser ?? '—' },
  amountColumn(100),
  dateColumn('transferDate', 'FECHA DE TRANSFERENCIA', 134, (r) => r.transferDate),
  withdrawalStatusColumn(110),
];

/** The transfer list's status toggles. */
function StatusToggles({ page }: { page: WithdrawsPage }) {
  const { list, state } = page;
  return (
    <ToggleButtonGroup
      size="small"
      value={state.statuses}
      aria-label="Estados"
      sx={{ '& .MuiToggleButton-root': { color: 'text.primary' } }}
      onChange={(_event, statuses: WithdrawStatus[]) => list.setFilters({ ...state, statuses })}
    >
      {WITHDRAW_STATUSES.map((status) => (
        <ToggleButton key={status} value={status}>
          {WITHDRAW_STATUS_LABELS[status]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/**
 * Withdrawals to transfer (spec 001 §2): monthly period, collector and status toggles; Deseleccionar, Transferir
 * and Rechazar over the selection; per-row downloads and re-export.
 */
export const withdrawsPanel = definePanel({
  query: withdrawsQuery,
  rule: withdrawsListRule,
  ariaLabel: 'Retiros a transferir',
  totalTestId: 'withdraws-total',
  columns: COLUMNS,
  menu: { registry: WITHDRAW_ACTIONS, actionsOf: menuActions },
  bulk: {
    kinds: WITHDRAW_BULK_KINDS,
    registry: WITHDRAW_ACTIONS,
    clearable: true,
    changeOf: (r: WithdrawBulkResultFragment) =>
      r.withdraw && { id: r.withdraw.id, status: r.withdraw.status },
    table: WITHDRAW_ROW_TABLE,
  },
  selectable: true,
  usePanel: (page: WithdrawsPage, bulk: WithdrawsBulk) => ({
    ...useWithdrawsActions(page, bulk),
    controls: <StatusToggles page={page} />,
  }),
});
