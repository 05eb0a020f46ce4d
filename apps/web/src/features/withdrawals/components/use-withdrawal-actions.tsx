import { useCallback, useState } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import Button from '@mui/material/Button';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useNotify } from '@/lib/notifications';
import {
  AuthorizeWithdrawalDocument,
  BulkAuthorizeWithdrawalsDocument,
  BulkRejectWithdrawalsDocument,
  RejectWithdrawalDocument,
  type WithdrawalActionKind,
  type WithdrawalRowFragment,
} from '../gql/graphql';
import { WITHDRAWALS_MESSAGES } from '../labels';
import type { WithdrawalBulkKind } from '../withdrawal-actions';
import { ResultDialog, type ResultNotice } from './result-dialog';
import { WithdrawalDetailDialog } from './withdrawal-detail-dialog';
import {
  WithdrawalsFlowDialogs,
  type WithdrawalsBulk as Bulk,
  type WithdrawalsPage as Page,
} from './flow-dialogs';
import type { WithdrawalFlowValue } from './withdrawal-flow-dialogs';
import type { PanelBehaviour } from './withdrawal-list-panel';

type Row = WithdrawalRowFragment;
type Value = WithdrawalFlowValue;
/** Spec 001 §9: the reset of the authorization list waits 1 s before clearing and reloading. */
export const RESET_DELAY_MS = 1000;
/** A withdrawal's change to the lists (its new status). */
export const change = (w: { id: string; status: Row['status'] } | null | undefined) =>
  w && { id: w.id, status: w.status };

/** Row authorize and reject (one at a time or over the selection) and 'Detalle de retiro' (spec 001 §2). */
export function useWithdrawalActions(page: Page, bulk: Bulk): PanelBehaviour<Row, WithdrawalActionKind> {
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
export function useResetControl(page: Page) {
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
