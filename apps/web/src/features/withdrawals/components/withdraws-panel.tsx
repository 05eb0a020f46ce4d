import { useCallback, useMemo, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BulkActionBar } from '@/components/actions/bulk-action-bar';
import { RowActionsMenu } from '@/components/actions/row-actions-menu';
import { rowMenuActions, selectionActionStates } from '@/components/actions/selection-actions';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { lazyFlowDialogs } from '@/components/dialogs/lazy-flow-dialogs';
import { selectedCountText } from '@/components/dialogs/item-noun';
import { useBulkFlow } from '@/components/dialogs/use-bulk-flow';
import { useFileDownload } from '@/components/files';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { formatAmount, formatDateTime } from '@/lib/format';
import {
  fromTableSort,
  toTableSort,
  useListAfterAction,
  useListPageClamp,
  useListSelection,
  useListState,
} from '@/lib/list';
import { usePreloadedPolicy } from '@/lib/preload/use-preloaded-policy';
import { newIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import {
  ReExportWithdrawDocument,
  RejectWithdrawsDocument,
  TransferWithdrawsDocument,
  WithdrawsDocument,
  type WithdrawBulkResultFragment,
  type WithdrawRowFragment,
  type WithdrawStatus,
} from '../gql/graphql';
import { WITHDRAW_STATUSES, WITHDRAW_STATUS_LABELS, WITHDRAWALS_MESSAGES } from '../labels';
import { toWithdrawsVariables, withdrawsList, withdrawsListRule } from '../lists';
import {
  FILE_FORMAT_OF,
  WITHDRAW_ACTIONS,
  WITHDRAW_BULK_KINDS,
  WITHDRAW_ROW_KINDS,
  WITHDRAWAL_NOUN,
  type WithdrawBulkKind,
  type WithdrawFileKind,
  type WithdrawMenuKind,
} from '../withdrawal-actions';
import { FiltersBar } from './filters-bar';
import { WithdrawalStatusChip } from './status-chip';
import type { WithdrawalFlowValue } from './withdrawal-flow-dialogs';

const WithdrawsFlowDialogs = lazyFlowDialogs(() =>
  import('./withdrawal-flow-dialogs').then((module) => module.WithdrawsFlowDialogs),
);

type Row = WithdrawRowFragment;
type Value = WithdrawalFlowValue;
const NO_ROWS: Row[] = [];

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

/**
 * Withdrawals to transfer (spec 001 §2): monthly period, collector and status toggles; Deseleccionar, Transferir
 * and Rechazar over the selection (850 px confirmation, one result per item); per-row downloads and re-export.
 */
export function WithdrawsPanel() {
  const list = useListState(withdrawsList);
  const { state } = list;
  const feedback = useMutationOutcome();
  const files = useFileDownload();
  const variables = useMemo(() => toWithdrawsVariables(state), [state]);
  const { data, previousData, loading, error, refetch } = useQuery(WithdrawsDocument, {
    variables,
    ...usePreloadedPolicy(WithdrawsDocument, variables),
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.withdraws ?? (loading ? previousData?.withdraws : undefined);
  const rows = page?.rows ?? NO_ROWS;
  const total = page?.total;
  useListPageClamp(list, data ? total : undefined);
  const selection = useListSelection(list.key, rows);
  const bulkActions = useMemo(
    () =>
      selectionActionStates(
        WITHDRAW_BULK_KINDS,
        selection.selectedRows.map((row) => ({ id: row.id, actions: row.actions })),
        WITHDRAW_ACTIONS,
        { noun: WITHDRAWAL_NOUN },
      ),
    [selection.selectedRows],
  );
  const after = useListAfterAction({
    list,
    rule: withdrawsListRule,
    document: WithdrawsDocument,
    variables,
    pageOf: (d) => d.withdraws,
    refetch,
  });

  const flow = useBulkFlow<WithdrawBulkKind, Row, Value>();
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
  const onBulkResults = useCallback(
    (results: WithdrawBulkResultFragment[]) => {
      const done = results.filter((r) => r.outcome === 'SUCCESS');
      after.applyChanges(
        done.map((r) => r.withdraw && { id: r.withdraw.id, status: r.withdraw.status }),
        results.some((r) => r.outcome === 'UNKNOWN'),
      );
      selection.deselect(done.map((r) => r.id));
    },
    [after, selection],
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

  const columns: DataTableColumn<Row>[] = [
    {
      field: 'collectorId',
      headerName: 'ID ENTIDAD',
      width: 90,
      sortable: true,
      render: (r) => r.collectorId,
    },
    {
      field: 'collectorName',
      headerName: 'ENTIDAD',
      flex: 1,
      minWidth: 130,
      lines: 2,
      render: (r) => r.collectorName ?? '—',
    },
    { field: 'id', headerName: 'ID', width: 90, render: (r) => r.id },
    {
      field: 'requestDate',
      headerName: 'FECHA DE SOLICITUD',
      width: 110,
      lines: 2,
      sortable: true,
      render: (r) => formatDateTime(r.requestDate),
    },
    { field: 'requestUser', headerName: 'SOLICITADO POR', width: 110, render: (r) => r.requestUser ?? '—' },
    {
      field: 'amount',
      headerName: 'MONTO',
      width: 125,
      align: 'right',
      sortable: true,
      render: (r) => formatAmount(r.amount),
    },
    {
      field: 'transferDate',
      headerName: 'FECHA DE TRANSFERENCIA',
      width: 110,
      lines: 2,
      sortable: true,
      render: (r) => (r.transferDate ? formatDateTime(r.transferDate) : '—'),
    },
    {
      field: 'status',
      headerName: 'ESTADO',
      width: 120,
      sortable: true,
      render: (r) => <WithdrawalStatusChip status={r.status} />,
    },
    {
      field: 'actions',
      headerName: 'ACCIONES',
      width: 80,
      align: 'center',
      rowLink: false,
      render: (row) => (
        <RowActionsMenu
          actions={menuActions(row)}
          registry={WITHDRAW_ACTIONS}
          label={`Acciones del retiro ${row.id}`}
          onAction={(kind) => onRowAction(kind, row)}
        />
      ),
    },
  ];

  return (
    <Box>
      <FiltersBar
        period={state.period}
        onPeriodChange={(period) => list.setFilters({ ...state, period })}
        collector={state.collector}
        onCollectorChange={(collector) => list.setFilters({ ...state, collector })}
      >
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
      </FiltersBar>
      {error && !loading ? (
        <ErrorAlert
          title={WITHDRAWALS_MESSAGES.loadError}
          error={error}
          onRetry={() => void refetch().catch(() => undefined)}
        />
      ) : (
        <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 2,
              px: 2,
              py: 1.25,
              borderBottom: 1,
              borderColor: 'divider',
              flexWrap: 'wrap',
              minHeight: 56,
            }}
          >
            <Typography variant="body2" color="text.secondary" data-testid="withdraws-total">
              {total === undefined ? 'Cargando…' : total === 1 ? '1 retiro' : `${total} retiros`}
            </Typography>
            {selection.selectedIds.length > 0 && (
              <>
                <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="selection-count">
                  {selectedCountText(WITHDRAWAL_NOUN, selection.selectedIds.length)}
                </Typography>
                <Button size="small" onClick={() => selection.setSelectedIds([])}>
                  {WITHDRAWALS_MESSAGES.deselect}
                </Button>
              </>
            )}
            <BulkActionBar
              actions={bulkActions}
              registry={WITHDRAW_ACTIONS}
              onAction={(kind) => flow.startBulk(kind, selection.selectedRows)}
              ariaLabel="Acciones sobre los retiros seleccionados"
              hideWhenNonePermitted
            />
          </Box>
          <DataTable
            ariaLabel="Retiros a transferir"
            rows={rows}
            columns={columns}
            getRowId={(row) => row.id}
            rowCount={total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={withdrawsList.pageSizes}
            onPageChange={(p, size) => list.setPage(p, size)}
            sort={toTableSort(withdrawsList, state.sort)}
            onSortChange={(sort) => list.setSort(fromTableSort(withdrawsList, sort))}
            loading={loading}
            emptyMessage={WITHDRAWALS_MESSAGES.empty}
            selectable
            selectedIds={selection.selectedIds}
            onSelectionChange={selection.setSelectedIds}
          />
        </Paper>
      )}
      <WithdrawsFlowDialogs
        control={flow}
        runSingle={async (kind, row, value, key) => {
          const [result] = await runBulk(kind, [row.id], value, key);
          onBulkResults(result ? [result] : []);
          return result?.outcome === 'SUCCESS'
            ? null
            : { severity: 'error', message: result?.error?.message ?? '' };
        }}
        runBulk={runBulk}
        onBulkResults={onBulkResults}
      />
    </Box>
  );
}
