import { useMemo } from 'react';
import { useFileDownload } from '../../components/files';
import type { BatchActionContext } from './batch-action-table';
import type { BatchRowChange } from './batches-list';
import type { BatchRowFragment } from './gql/graphql';

export const changeOfBatch = (
  batch: { id: string; status: BatchRowFragment['status'] } | null | undefined,
) => (batch ? ({ id: batch.id, status: batch.status } satisfies BatchRowChange) : null);

/**
 * What a screen gives a batch's action table (`BATCH_ACTION_TABLE`), the same on the list and the detail: its
 * downloads through the file capability (their progress, which the screen shows) and what follows a write.
 */
export function useBatchActionContext(applied: BatchActionContext['applied']) {
  const files = useFileDownload();
  const context = useMemo<BatchActionContext>(
    () => ({ download: files.download, applied }),
    [files.download, applied],
  );
  return { context, progress: files.progress };
}
