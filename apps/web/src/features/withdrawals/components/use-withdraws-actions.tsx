import { useCallback, useMemo, useState } from 'react';
import { useFileDownload } from '@/components/files';
import { bulkResultsOf } from '@/lib/mutation-outcome';
import { newIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutate } from '@/lib/use-mutate';
import { useRowActions } from '@/components/actions/detail-actions';
import { RejectWithdrawsDocument, TransferWithdrawsDocument, type WithdrawRowFragment } from '../gql/graphql';
import type { WithdrawBulkKind, WithdrawMenuKind } from '../withdrawal-actions';
import { WithdrawsFlowDialogs, type WithdrawsBulk, type WithdrawsPage } from './flow-dialogs';
import { isWithdrawRowKind, WITHDRAW_ROW_TABLE, type WithdrawRowContext } from './withdrawal-row-actions';
import type { WithdrawalFlowValue } from './withdrawal-flow-dialogs';
import type { PanelBehaviour } from './withdrawal-list-panel';

type Row = WithdrawRowFragment;
type Value = WithdrawalFlowValue;

/** Transferir and Rechazar over the selection (850 px confirmation, one result per item); the rows' downloads and
 * re-export on their row table (`WITHDRAW_ROW_TABLE`). */
export function useWithdrawsActions(
  page: WithdrawsPage,
  bulk: WithdrawsBulk,
): PanelBehaviour<Row, WithdrawMenuKind> {
  const files = useFileDownload();
  const mutate = useMutate();
  const [exportKey] = useState(newIdempotencyKey);
  const context = useMemo<WithdrawRowContext>(
    () => ({ download: files.download, exportKey }),
    [files.download, exportKey],
  );
  const rows = useRowActions(WITHDRAW_ROW_TABLE, { context, refetch: page.refetch });

  const runBulk = useCallback(
    async (kind: WithdrawBulkKind, ids: string[], value: Value, idempotencyKey: string) => {
      if (kind === 'REJECT') {
        const answer = await mutate(RejectWithdrawsDocument, {
          ids,
          reason: value.reason ?? '',
          idempotencyKey,
        });
        return bulkResultsOf(answer.data?.rejectWithdraws);
      }
      return bulkResultsOf(
        (await mutate(TransferWithdrawsDocument, { ids, idempotencyKey })).data?.transferWithdraws,
      );
    },
    [mutate],
  );

  return {
    onRowAction: (kind, row) => {
      if (isWithdrawRowKind(kind)) rows.run(kind, row);
    },
    dialogs: (
      <>
        <WithdrawsFlowDialogs control={bulk.flow} runBulk={runBulk} onBulkResults={bulk.onBulkResults} />
        {rows.dialog}
      </>
    ),
  };
}
