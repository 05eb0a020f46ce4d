import { useCallback, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { rowMenuActions } from '@/components/actions/selection-actions';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { lazyFlowDialogs } from '@/components/dialogs/lazy-flow-dialogs';
import { useFileDownload } from '@/components/files';
import type { ListBulk } from '@/components/list-page/use-list-bulk';
import type { ListPageHandle } from '@/lib/list/use-list-page';
import { newIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import {
  ReExportWithdrawDocument,
  RejectWithdrawsDocument,
  TransferWithdrawsDocument,
  type WithdrawBulkResultFragment,
  type WithdrawRowFragment,
  type WithdrawSortField,
  type WithdrawStatus,
  type WithdrawsQuery,
  type WithdrawsQueryVariables,
} from '../gql/graphql';
import { WITHDRAW_STATUSES, WITHDRAW_STATUS_LABELS, WITHDRAWALS_MESSAGES } from '../labels';
import { withdrawsListRule, withdrawsQuery, type WithdrawRowChange, type WithdrawsFilters } from '../lists';
import {
  FILE_FORMAT_OF,
  WITHDRAW_ACTIONS,
  WITHDRAW_BULK_KINDS,
  WITHDRAW_ROW_KINDS,
  type WithdrawBulkKind,
  type WithdrawFileKind,
  type WithdrawMenuKind,
} from '../withdrawal-actions';
import { amountColumn, dateColumn, statusColumn } from './columns';
import type { WithdrawalFlowValue } from './withdrawal-flow-dialogs';
import { definePanel, type PanelBehaviour } from './withdrawal-list-panel';

const WithdrawsFlowDialogs = lazyFlowDialogs(() =>
  import('./withdrawal-flow-dialogs').then((module) => module.WithdrawsFlowDialogs),
);

type Row = WithdrawRowFragment;
type Value = WithdrawalFlowValue;
type Page = ListPageHandle<
  WithdrawsFilters,
  WithdrawSortField,
  WithdrawsQuery,
  WithdrawsQueryVariables,
  Row,
  WithdrawRowChange
>;
type Bulk = ListBulk<WithdrawBulkKind, Row, Value, WithdrawBulkResultFragment>;

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

const COLUMNS: DataTableColumn<Row>[] = [
  { field: 'collectorId', headerName: 'ID ENTIDAD', width: 90, sortable: true, render: (r) => r.collectorId },
  {
    field: 'collectorName',
    headerName: 'ENTIDAD',
    flex: 1,
    minWidth: 130,
    lines: 2,
    render: (r) => r.collectorName ?? '—',
  },
  { field: 'id', headerName: 'ID', width: 90, render: (r) => r.id },
  dateColumn('requestDate', 'FECHA DE SOLICITUD', 110, (r) => r.requestDate),
  { field: 'requestUser', headerName: 'SOLICITADO POR', width: 110, render: (r) => r.requestUser ?? '—' },
  amountColumn(125),
  dateColumn('transferDate', 'FECHA DE TRANSFERENCIA', 110, (r) => r.transferDate),
  statusColumn(120),
];

/** Transferir and Rechazar (850 px confirmation, one result per item), per-row downloads and re-export. */
function useWithdrawsActions(page: Page, bulk: Bulk): PanelBehaviour<Row, WithdrawMenuKind> {
  const { list, state } = page;
  const feedback = useMutationOutcome();
  const files = useFileDownload();
  const [transfer] = useMutation(TransferWithdrawsDocument);
  const [reject] = useMutation(RejectWithdrawsDocument);
  const [reExport] = useMutation(ReExportWithdrawDocument);
  const [exportKey] = useState(newIdempotencyKey);

  const runBulk = useCallback(
    async (kind: WithdrawBulkKind, ids: string[], value: Value, idempotencyKey: string) => {
      if (kind === 'REJECT') {
        const answer = await reject({ variables: { ids, reason: value.reason ?? '', idempotencyKey } });
        return answer.data?.rejectWithdraws.results ?? [];
      }
      return (await transfer({ variables: { ids, idempotencyKey } })).data?.transferWithdraws.results ?? [];
    },
    [transfer, reject],
  );

  const onRowAction = (kind: WithdrawMenuKind, row: Row) => {
    if (kind in FILE_FORMAT_OF) {
      void files.download(
        `/retiros/${encodeURIComponent(row.id)}/${FILE_FORMAT_OF[kind as WithdrawFileKind]}`,
      );
      return;
    }
    if (kind === 'RE_EXPORT') {
      void reExport({ variables: { id: row.id, idempotencyKey: `${exportKey}-${row.id}` } })
        .then((answer) =>
          feedback.announce(answer.data?.reExportWithdraw, { success: WITHDRAWALS_MESSAGES.reExported }),
        )
        .catch(feedback.announceError);
    }
  };

  return {
    onRowAction,
    controls: (
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
    ),
    dialogs: (
      <WithdrawsFlowDialogs
        control={bulk.flow}
        runSingle={async (kind, row, value, key) => {
          const [result] = await runBulk(kind, [row.id], value, key);
          bulk.onBulkResults(result ? [result] : []);
          return result?.outcome === 'SUCCESS'
            ? null
            : { severity: 'error', message: result?.error?.message ?? '' };
        }}
        runBulk={runBulk}
        onBulkResults={bulk.onBulkResults}
      />
    ),
  };
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
  },
  selectable: true,
  usePanel: useWithdrawsActions,
});
