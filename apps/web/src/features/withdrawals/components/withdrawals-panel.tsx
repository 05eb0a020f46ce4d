import { useCallback, useMemo, useState } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { BulkActionBar } from '@/components/actions/bulk-action-bar';
import { RowActionsMenu } from '@/components/actions/row-actions-menu';
import { rowMenuActions, selectionActionStates } from '@/components/actions/selection-actions';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { lazyFlowDialogs } from '@/components/dialogs/lazy-flow-dialogs';
import { selectedCountText } from '@/components/dialogs/item-noun';
import { useBulkFlow } from '@/components/dialogs/use-bulk-flow';
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
import { useNotify } from '@/lib/notifications';
import {
  AuthorizeWithdrawalDocument,
  BulkAuthorizeWithdrawalsDocument,
  BulkRejectWithdrawalsDocument,
  RejectWithdrawalDocument,
  WithdrawalsDocument,
  type WithdrawalActionKind,
  type WithdrawalBulkResultFragment,
  type WithdrawalRowFragment,
} from '../gql/graphql';
import { WITHDRAWAL_STATUSES, WITHDRAWAL_STATUS_LABELS, WITHDRAWALS_MESSAGES } from '../labels';
import { authorizationList, historyList, toWithdrawalFilter, withdrawalsListRule } from '../lists';
import {
  WITHDRAWAL_ACTIONS,
  WITHDRAWAL_BULK_ACTIONS,
  WITHDRAWAL_BULK_KINDS,
  WITHDRAWAL_NOUN,
  WITHDRAWAL_ROW_KINDS,
  type WithdrawalBulkKind,
} from '../withdrawal-actions';
import { FiltersBar } from './filters-bar';
import { ResultDialog, type ResultNotice } from './result-dialog';
import { WithdrawalStatusChip } from './status-chip';
import { WithdrawalDetailDialog } from './withdrawal-detail-dialog';
import type { WithdrawalFlowValue } from './withdrawal-flow-dialogs';

const WithdrawalsFlowDialogs = lazyFlowDialogs(() =>
  import('./withdrawal-flow-dialogs').then((module) => module.WithdrawalsFlowDialogs),
);

type Row = WithdrawalRowFragment;
type Value = WithdrawalFlowValue;
const NO_ROWS: Row[] = [];
/** Spec 001 §9: the reset of the authorization list waits 1 s before clearing and reloading. */
export const RESET_DELAY_MS = 1000;

/**
 * The authorization list ('authorization': collector filter, Actualizar, 'Rechazar selección' and 'Autorizar
 * selección' shown only when every selected row is pending authorization, opening filtered to
 * pending_authorization) and the history ('history': month period, collector, status chips). Both: row authorize,
 * reject and 'Detalle de retiro' (spec 001 §2).
 */
export function WithdrawalsPanel({ mode }: { mode: 'authorization' | 'history' }) {
  const definition = mode === 'authorization' ? authorizationList : historyList;
  const list = useListState(definition);
  const { state } = list;
  const notify = useNotify();
  const client = useApolloClient();
  const variables = useMemo(
    () => ({
      filter: toWithdrawalFilter(state),
      page: state.page,
      pageSize: state.pageSize,
      sort: state.sort,
    }),
    [state],
  );
  const { data, previousData, loading, error, refetch } = useQuery(WithdrawalsDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.withdrawals ?? (loading ? previousData?.withdrawals : undefined);
  const rows = page?.rows ?? NO_ROWS;
  const total = page?.total;
  useListPageClamp(list, data ? total : undefined);
  const selection = useListSelection(list.key, rows);
  const bulkActions = useMemo(
    () =>
      selectionActionStates(
        WITHDRAWAL_BULK_KINDS,
        selection.selectedRows.map((row) => ({ id: row.id, actions: row.actions })),
        WITHDRAWAL_BULK_ACTIONS,
        { noun: WITHDRAWAL_NOUN },
      ).filter((action) => action.enabled),
    [selection.selectedRows],
  );
  const after = useListAfterAction({
    list,
    rule: withdrawalsListRule,
    document: WithdrawalsDocument,
    variables,
    pageOf: (d) => d.withdrawals,
    refetch,
  });

  const [notice, setNotice] = useState<ResultNotice | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const flow = useBulkFlow<WithdrawalBulkKind, Row, Value>();
  const [authorizeOne] = useMutation(AuthorizeWithdrawalDocument);
  const [rejectOne] = useMutation(RejectWithdrawalDocument);
  const [authorizeMany] = useMutation(BulkAuthorizeWithdrawalsDocument);
  const [rejectMany] = useMutation(BulkRejectWithdrawalsDocument);

  const change = (w: { id: string; status: Row['status'] } | null | undefined) =>
    w && { id: w.id, status: w.status };

  const runSingle = useCallback(
    async (kind: WithdrawalBulkKind, row: Row, value: Value, idempotencyKey: string) => {
      try {
        const payload =
          kind === 'AUTHORIZE'
            ? (await authorizeOne({ variables: { id: row.id, idempotencyKey } })).data?.authorizeWithdrawal
            : (await rejectOne({ variables: { id: row.id, reason: value.reason ?? '', idempotencyKey } }))
                .data?.rejectWithdrawal;
        if (payload?.outcome === 'SUCCESS') {
          after.applyChanges([change(payload.withdrawal)]);
          if (kind === 'AUTHORIZE') {
            setNotice({
              severity: 'success',
              title: WITHDRAWALS_MESSAGES.approvedOne,
              message: `Retiro ${row.id} autorizado.`,
            });
          } else notify.success(payload.message ?? WITHDRAWALS_MESSAGES.rejected);
        } else {
          after.applyChanges([], payload?.outcome === 'UNKNOWN');
          setNotice({
            severity: 'error',
            title: WITHDRAWALS_MESSAGES.errorTitle,
            message: payload?.error?.message ?? '',
          });
        }
      } catch (thrown) {
        setNotice({
          severity: 'error',
          title: WITHDRAWALS_MESSAGES.errorTitle,
          message: thrown instanceof Error ? thrown.message : String(thrown),
        });
      }
      return null;
    },
    [authorizeOne, rejectOne, after, notify],
  );

  const runBulk = useCallback(
    async (kind: WithdrawalBulkKind, ids: string[], value: Value, idempotencyKey: string) =>
      kind === 'AUTHORIZE'
        ? ((await authorizeMany({ variables: { ids, idempotencyKey } })).data?.bulkAuthorizeWithdrawals
            .results ?? [])
        : ((await rejectMany({ variables: { ids, reason: value.reason ?? '', idempotencyKey } })).data
            ?.bulkRejectWithdrawals.results ?? []),
    [authorizeMany, rejectMany],
  );
  const onBulkResults = useCallback(
    (results: WithdrawalBulkResultFragment[]) => {
      const done = results.filter((r) => r.outcome === 'SUCCESS');
      after.applyChanges(
        done.map((r) => change(r.withdrawal)),
        results.some((r) => r.outcome === 'UNKNOWN'),
      );
      selection.deselect(done.map((r) => r.id));
    },
    [after, selection],
  );

  /** 'Actualizar': waits 1 s, forgets the cached lists and reads this one again. */
  const reset = () => {
    setResetting(true);
    window.setTimeout(() => {
      client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'withdrawals' });
      client.cache.gc();
      void refetch()
        .catch(() => undefined)
        .finally(() => setResetting(false));
    }, RESET_DELAY_MS);
  };

  const onRowAction = (kind: WithdrawalActionKind, row: Row) => {
    if (kind === 'DETAIL') setDetailId(row.id);
    else flow.startSingle(kind, row);
  };

  const history = mode === 'history';
  const columns: DataTableColumn<Row>[] = [
    {
      field: 'collectorId',
      headerName: history ? 'FIRMA' : 'ID ENTIDAD',
      width: 85,
      sortable: true,
      render: (r) => r.collectorId,
    },
    {
      field: 'collectorName',
      headerName: 'ENTIDAD',
      flex: 1,
      minWidth: 110,
      lines: 2,
      render: (r) => r.collectorName ?? '—',
    },
    { field: 'id', headerName: history ? 'IDENTIFICADOR' : 'ID', width: 100, render: (r) => r.id },
    {
      field: 'destinationAccount',
      headerName: history ? 'CUENTA DESTINO' : 'CBU',
      width: 185,
      render: (r) => r.destinationAccount ?? '—',
    },
    {
      field: 'requestDate',
      headerName: 'FECHA DE SOLICITUD',
      width: 105,
      lines: 2,
      sortable: true,
      render: (r) => formatDateTime(r.requestDate),
    },
    {
      field: 'approvedDate',
      headerName: 'FECHA DE TRANSFERENCIA',
      width: 105,
      lines: 2,
      sortable: true,
      render: (r) => (r.approvedDate ? formatDateTime(r.approvedDate) : '—'),
    },
    {
      field: 'amount',
      headerName: 'MONTO',
      width: 120,
      align: 'right',
      sortable: true,
      render: (r) => formatAmount(r.amount),
    },
    {
      field: 'status',
      headerName: 'ESTADO',
      width: 175,
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
          actions={rowMenuActions(WITHDRAWAL_ROW_KINDS, row.actions, WITHDRAWAL_ACTIONS)}
          registry={WITHDRAWAL_ACTIONS}
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
        {history ? (
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
        ) : (
          <Button
            variant="outlined"
            startIcon={<RefreshIcon />}
            onClick={reset}
            disabled={resetting}
            sx={{ ml: 'auto' }}
          >
            {WITHDRAWALS_MESSAGES.refresh}
          </Button>
        )}
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
            <Typography variant="body2" color="text.secondary" data-testid="withdrawals-total">
              {total === undefined ? 'Cargando…' : total === 1 ? '1 retiro' : `${total} retiros`}
            </Typography>
            {!history && selection.selectedIds.length > 0 && (
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="selection-count">
                {selectedCountText(WITHDRAWAL_NOUN, selection.selectedIds.length)}
              </Typography>
            )}
            {!history && (
              <BulkActionBar
                actions={bulkActions}
                registry={WITHDRAWAL_BULK_ACTIONS}
                onAction={(kind) => flow.startBulk(kind, selection.selectedRows)}
                ariaLabel="Acciones sobre los retiros seleccionados"
                hideWhenNonePermitted
              />
            )}
          </Box>
          <DataTable
            ariaLabel={history ? 'Historial de retiros' : 'Retiros pendientes de autorización'}
            rows={rows}
            columns={columns}
            getRowId={(row) => row.id}
            rowCount={total}
            page={state.page}
            pageSize={state.pageSize}
            pageSizeOptions={definition.pageSizes}
            onPageChange={(p, size) => list.setPage(p, size)}
            sort={toTableSort(definition, state.sort)}
            onSortChange={(sort) => list.setSort(fromTableSort(definition, sort))}
            loading={loading || resetting}
            emptyMessage={WITHDRAWALS_MESSAGES.empty}
            selectable={!history}
            selectedIds={selection.selectedIds}
            onSelectionChange={selection.setSelectedIds}
          />
        </Paper>
      )}
      <WithdrawalsFlowDialogs
        control={flow}
        runSingle={runSingle}
        runBulk={runBulk}
        onBulkResults={onBulkResults}
      />
      <ResultDialog notice={notice} onClose={() => setNotice(null)} />
      <WithdrawalDetailDialog id={detailId} onClose={() => setDetailId(null)} />
    </Box>
  );
}
