import { useCallback, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useFileDownload } from '@/components/files';
import { newIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import {
  ReExportWithdrawDocument,
  RejectWithdrawsDocument,
  TransferWithdrawsDocument,
  type WithdrawRowFragment,
} from '../gql/graphql';
import { WITHDRAWALS_MESSAGES } from '../labels';
import {
  FILE_FORMAT_OF,
  type WithdrawBulkKind,
  type WithdrawFileKind,
  type WithdrawMenuKind,
} from '../withdrawal-actions';
import { WithdrawsFlowDialogs, type WithdrawsBulk } from './flow-dialogs';
import type { WithdrawalFlowValue } from './withdrawal-flow-dialogs';
import type { PanelBehaviour } from './withdrawal-list-panel';

type Row = WithdrawRowFragment;
type Value = WithdrawalFlowValue;

/** Transferir and Rechazar (850 px confirmation, one result per item), per-row downloads and re-export. */
export function useWithdrawsActions(bulk: WithdrawsBulk): PanelBehaviour<Row, WithdrawMenuKind> {
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
