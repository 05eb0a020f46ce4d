import { useMemo, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import Button from '@mui/material/Button';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useRowActions } from '@/components/actions/detail-actions';
import type { WithdrawalActionKind, WithdrawalRowFragment } from '../gql/graphql';
import { WITHDRAWALS_MESSAGES } from '../labels';
import { ResultDialog, type ResultNotice } from './result-dialog';
import { WITHDRAWAL_ROW_TABLE, type WithdrawalRowContext } from './withdrawal-row-actions';
import {
  WithdrawalsFlowDialogs,
  type WithdrawalsBulk as Bulk,
  type WithdrawalsPage as Page,
} from './flow-dialogs';
import type { PanelBehaviour } from './withdrawal-list-panel';

type Row = WithdrawalRowFragment;
/** Spec 001 §9: the reset of the authorization list waits 1 s before clearing and reloading. */
export const RESET_DELAY_MS = 1000;
/** A withdrawal's change to the lists (its new status). */
export const change = (w: { id: string; status: Row['status'] } | null | undefined) =>
  w && { id: w.id, status: w.status };

/**
 * The rows' actions (authorize, reject, 'Detalle de retiro') and the selection's (authorize and reject over the
 * selected rows, spec 001 §2): all declared in the row table `WITHDRAWAL_ROW_TABLE`.
 */
export function useWithdrawalActions(page: Page, bulk: Bulk): PanelBehaviour<Row, WithdrawalActionKind> {
  const [notice, setNotice] = useState<ResultNotice | null>(null);
  const after = page.afterAction;
  const context = useMemo<WithdrawalRowContext>(
    () => ({ applied: (withdrawal) => after.applyChanges([change(withdrawal)]), showNotice: setNotice }),
    [after],
  );
  const rows = useRowActions(WITHDRAWAL_ROW_TABLE, { context, refetch: page.refetch });

  return {
    onRowAction: rows.run,
    dialogs: (
      <>
        <WithdrawalsFlowDialogs {...bulk.dialogs} />
        {rows.dialog}
        <ResultDialog notice={notice} onClose={() => setNotice(null)} />
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
