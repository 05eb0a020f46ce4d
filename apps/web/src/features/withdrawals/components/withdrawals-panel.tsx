import { useCallback, useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import RefreshIcon from '@mui/icons-material/Refresh';
import { rowMenuActions } from '@/components/actions/selection-actions';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { lazyFlowDialogs } from '@/components/dialogs/lazy-flow-dialogs';
import type { ListBulk } from '@/components/list-page/use-list-bulk';
import type { ListPageHandle } from '@/lib/list/use-list-page';
import { useNotify } from '@/lib/notifications';
import {
  AuthorizeWithdrawalDocument,
  BulkAuthorizeWithdrawalsDocument,
  BulkRejectWithdrawalsDocument,
  RejectWithdrawalDocument,
  type WithdrawalActionKind,
  type WithdrawalBulkResultFragment,
  type WithdrawalRowFragment,
  type WithdrawalSortField,
  type WithdrawalsQuery,
  type WithdrawalsQueryVariables,
} from '../gql/graphql';
import { WITHDRAWAL_STATUSES, WITHDRAWAL_STATUS_LABELS, WITHDRAWALS_MESSAGES } from '../labels';
import {
  authorizationQuery,
  historyQuery,
  withdrawalsListRule,
  type WithdrawalRowChange,
  type WithdrawalsFilters,
} from '../lists';
import {
  WITHDRAWAL_ACTIONS,
  WITHDRAWAL_BULK_ACTIONS,
  WITHDRAWAL_BULK_KINDS,
  WITHDRAWAL_ROW_KINDS,
  type WithdrawalBulkKind,
} from '../withdrawal-actions';
import { amountColumn, dateColumn, statusColumn } from './columns';
import { ResultDialog, type ResultNotice } from './result-dialog';
import { WithdrawalDetailDialog } from './withdrawal-detail-dialog';
import type { WithdrawalFlowValue } from './withdrawal-flow-dialogs';
import { definePanel, type PanelBehaviour } from './withdrawal-list-panel';

const WithdrawalsFlowDialogs = lazyFlowDialogs(() =>
  import('./withdrawal-flow-dialogs').then((module) => module.WithdrawalsFlowDialogs),
);

type Row = WithdrawalRowFragment;
type Value = WithdrawalFlowValue;
type Page = ListPageHandle<
  WithdrawalsFilters,
  WithdrawalSortField,
  WithdrawalsQuery,
  WithdrawalsQueryVariables,
  Row,
  WithdrawalRowChange
>;
type Bulk = ListBulk<WithdrawalBulkKind, Row, Value, WithdrawalBulkResultFragment>;
/** Spec 001 §9: the reset of the authorization list waits 1 s before clearing and reloading. */
export const RESET_DELAY_MS = 1000;

const change = (w: { id: string; status: Row['status'] } | null | undefined) =>
  w && { id: w.id, status: w.status };

/** The authorization list's and the history's columns (the history names four of them its own way). */
const columnsOf = (history: boolean): DataTableColumn<Row>[] => [
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
  dateColumn('requestDate', 'FECHA DE SOLICITUD', 105, (r) => r.requestDate),
  dateColumn('approvedDate', 'FECHA DE TRANSFERENCIA', 105, (r) => r.approvedDate),
  amountColumn(120),
  statusColumn(175),
];

/** Row authorize and reject (one at a time or over the selection) and 'Detalle de retiro' (spec 001 §2). */
function useWithdrawalActions(page: Page, bulk: Bulk): PanelBehaviour<Row, WithdrawalActionKind> {
  const notify = useNotify();
  const [notice, setNotice] = useState<ResultNotice | null>(null);
  const [detailId, setDetailId] = useState<string | null>(null);
  const [authorizeOne] = useMutation(AuthorizeWithdrawalDocument);
  const [rejectOne] = useMutation(RejectWithdrawalDocument);
  const [authorizeMany] = useMutation(BulkAuthorizeWithdrawalsDocument);
  const [rejectMany] = useMutation(BulkRejectWithdrawalsDocument);
  const after = page.afterAction;

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

  return {
    onRowAction: (kind, row) => {
      if (kind === 'DETAIL') setDetailId(row.id);
      else bulk.flow.startSingle(kind, row);
    },
    dialogs: (
      <>
        <WithdrawalsFlowDialogs
          control={bulk.flow}
          runSingle={runSingle}
          runBulk={runBulk}
          onBulkResults={bulk.onBulkResults}
        />
        <ResultDialog notice={notice} onClose={() => setNotice(null)} />
        <WithdrawalDetailDialog id={detailId} onClose={() => setDetailId(null)} />
      </>
    ),
  };
}

/** 'Actualizar': waits 1 s, forgets the cached lists and reads this one again. */
function useResetControl(page: Page) {
  const client = useApolloClient();
  const [resetting, setResetting] = useState(false);
  const reset = () => {
    setResetting(true);
    window.setTimeout(() => {
      client.cache.evict({ id: 'ROOT_QUERY', fieldName: 'withdrawals' });
      client.cache.gc();
      void page
        .refetch()
        .catch(() => undefined)
        .finally(() => setResetting(false));
    }, RESET_DELAY_MS);
  };
  return {
    busy: resetting,
    controls: (
      <Button
        variant="outlined"
        startIcon={<RefreshIcon />}
        onClick={reset}
        disabled={resetting}
        sx={{ ml: 'auto' }}
      >
        {WITHDRAWALS_MESSAGES.refresh}
      </Button>
    ),
  };
}

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
