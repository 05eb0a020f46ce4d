import { detailActionKit } from '@/components/actions/declared-dialogs';
import type { DetailActionTable, DialogRun } from '@/components/actions/detail-actions';
import { BATCH_ACTIONS, batchFilePath, DOWNLOAD_FORMATS } from './batch-actions';
import { BatchDetailDialog } from './components/batch-detail-dialog';
import {
  BulkReprocessWithdrawalBatchesDocument,
  ReExportWithdrawalBatchDocument,
  ReprocessWithdrawalBatchDocument,
  type BatchRowFragment,
  type WithdrawalBatchActionKind,
} from './gql/graphql';

/** What the list and the detail give a batch's actions. */
export interface BatchActionContext {
  /** The screen's download (its progress shown there). */
  download(path: string): Promise<unknown>;
  /** The batch as the service answered a write: the lists follow it, the detail reads it again. */
  applied(batch: Pick<BatchRowFragment, 'id' | 'status'> | null | undefined): void;
}

const kit = detailActionKit<BatchRowFragment, BatchActionContext>();

/** Every batch mutation sends the id and the dialog's idempotency key (one per opening). */
const idOf = ({ record, idempotencyKey }: DialogRun<BatchRowFragment, BatchActionContext>) => ({
  id: record.id,
  idempotencyKey,
});

const download = (kind: 'DOWNLOAD_XLSX' | 'DOWNLOAD_TXT' | 'DOWNLOAD_XML') =>
  kit.press({
    meta: BATCH_ACTIONS[kind],
    perform: ({ record, context }) => context.download(batchFilePath(record.id, DOWNLOAD_FORMATS[kind]!)),
  });

const { RE_EXPORT, REPROCESS } = BATCH_ACTIONS;

/** What a batch's write sends to the bank: whose, how many records, how much. */
const movementOf = ({ record }: { record: BatchRowFragment }) => ({
  testId: 'batch-action-dialog',
  summaryTitle: 'Se enviará al banco',
  movement: {
    record: ['Lote', record.id] as const,
    collector: record.collectorName ?? record.collectorId,
    details: [{ label: 'Registros', value: String(record.recordCount) }],
    amount: record.balance,
  },
});

/**
 * A batch's actions, the same on the list's rows and on the detail (spec 001 §2 "Withdrawal batches"): its detail,
 * its downloads, re-export and reprocess (each confirmed in the registry's words); 'Reprocesar' on a selection too
 * (`bulk`, run by the list's bulk flow).
 */
export const BATCH_ACTION_TABLE: DetailActionTable<
  WithdrawalBatchActionKind,
  BatchRowFragment,
  BatchActionContext
> = {
  DETAIL: kit.view({
    meta: BATCH_ACTIONS.DETAIL,
    view: ({ record, close }) => <BatchDetailDialog batch={record} onClose={close} />,
  }),
  DOWNLOAD_XLSX: download('DOWNLOAD_XLSX'),
  DOWNLOAD_TXT: download('DOWNLOAD_TXT'),
  DOWNLOAD_XML: download('DOWNLOAD_XML'),
  RE_EXPORT: kit.mutation({
    meta: RE_EXPORT,
    dialog: kit.confirmMovementOf(RE_EXPORT, movementOf),
    mutation: ReExportWithdrawalBatchDocument,
    variables: (_sent, run) => idOf(run),
    payload: (data) => data.reExportWithdrawalBatch,
    success: RE_EXPORT.dialog!.success,
    after: (_sent, payload, { context }) => context.applied(payload.batch),
  }),
  REPROCESS: kit.mutation({
    meta: REPROCESS,
    dialog: kit.confirmMovementOf(REPROCESS, (run) => ({ ...movementOf(run), confirmColor: 'warning' })),
    mutation: ReprocessWithdrawalBatchDocument,
    variables: (_sent, run) => idOf(run),
    payload: (data) => data.reprocessWithdrawalBatch,
    success: REPROCESS.dialog!.success,
    after: (_sent, payload, { context }) => context.applied(payload.batch),
    bulk: kit.bulk({
      mutation: BulkReprocessWithdrawalBatchesDocument,
      variables: (_value: unknown, { ids }: { ids: string[] }) => ({ ids }),
      results: (data) => data.bulkReprocessWithdrawalBatches,
    }),
  }),
};
