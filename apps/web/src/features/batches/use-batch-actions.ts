import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import type { SubmitOutcome } from '../../components/dialogs/action-dialog';
import { useFileDownload } from '../../components/files';
import { useMutationOutcome } from '../../lib/use-mutation-outcome';
import { BATCH_ACTIONS, DOWNLOAD_FORMATS, batchFilePath, type BatchFlowKind } from './batch-actions';
import type { BatchRowChange } from './batches-list';
import {
  ReExportWithdrawalBatchDocument,
  ReprocessWithdrawalBatchDocument,
  type BatchRowFragment,
  type WithdrawalBatchActionKind,
} from './gql/graphql';

export const changeOfBatch = (
  batch: { id: string; status: BatchRowFragment['status'] } | null | undefined,
) => (batch ? ({ id: batch.id, status: batch.status } satisfies BatchRowChange) : null);

/**
 * One batch's actions, the same on the list and the detail: downloads through the file capability, reprocess and
 * re-export through their mutations with the kit's outcome feedback. `onChanged` receives the batch after a write
 * (null with `unknown` when the outcome is unknown).
 */
export function useBatchActions(onChanged: (change: BatchRowChange | null, unknown: boolean) => void) {
  const feedback = useMutationOutcome();
  const files = useFileDownload();
  const [reprocessOne] = useMutation(ReprocessWithdrawalBatchDocument);
  const [reExportOne] = useMutation(ReExportWithdrawalBatchDocument);

  /** Runs a download kind; answers false for the kinds that are not downloads. */
  const download = useCallback(
    (kind: WithdrawalBatchActionKind, batch: Pick<BatchRowFragment, 'id'>): boolean => {
      const format = DOWNLOAD_FORMATS[kind];
      if (!format) return false;
      void files.download(batchFilePath(batch.id, format));
      return true;
    },
    [files],
  );

  const runSingle = useCallback(
    async (kind: BatchFlowKind, batch: BatchRowFragment, idempotencyKey: string): Promise<SubmitOutcome> => {
      const variables = { id: batch.id, idempotencyKey };
      const payload =
        kind === 'REPROCESS'
          ? (await reprocessOne({ variables })).data?.reprocessWithdrawalBatch
          : (await reExportOne({ variables })).data?.reExportWithdrawalBatch;
      const outcome = feedback.settle(payload, {
        success: BATCH_ACTIONS[kind].dialog!.success,
        onUnknown: () => onChanged(null, true),
      });
      if (!outcome) onChanged(changeOfBatch(payload?.batch), false);
      return outcome;
    },
    [reprocessOne, reExportOne, feedback, onChanged],
  );

  return { download, runSingle, downloading: files.active, progress: files.progress };
}
