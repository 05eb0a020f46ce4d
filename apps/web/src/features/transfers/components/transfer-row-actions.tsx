import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import { detailActionKit } from '@/components/actions/declared-dialogs';
import type { DetailActionTable } from '@/components/actions/detail-actions';
import { formatAmount } from '@/lib/format';
import {
  ConciliateTransferDocument,
  type TransferActionKind,
  type TransferRowFragment,
} from '../gql/graphql';
import { TRANSFERS_MESSAGES } from '../messages';

/** What the list gives a transfer's actions: the cached lists follow the transfer the service answered. */
export interface TransferRowContext {
  applied(transfer: Pick<TransferRowFragment, 'id' | 'status'> | null | undefined): void;
}

const kit = detailActionKit<TransferRowFragment, TransferRowContext>();

/** A transfer row's actions (spec 001 §2 "Transfer conciliation list"): 'Conciliar', confirmed with what and how much. */
export const TRANSFER_ROW_TABLE: DetailActionTable<
  TransferActionKind,
  TransferRowFragment,
  TransferRowContext
> = {
  CONCILIATE: kit.mutation({
    meta: { label: 'Conciliar', icon: TaskAltOutlined },
    dialog: kit.confirm(({ record }) => ({
      title: 'Conciliar transferencia',
      message: `¿Desea conciliar manualmente la transferencia ${record.destinyTransferId ?? record.id} por ${formatAmount(record.amount)} con el pago ${record.paymentId ?? ''}?`,
      confirmLabel: 'Conciliar',
      testId: 'conciliate-dialog',
    })),
    mutation: ConciliateTransferDocument,
    variables: (_sent, { record, idempotencyKey }) => ({ id: record.id, idempotencyKey }),
    payload: (data) => data.conciliateTransfer,
    success: TRANSFERS_MESSAGES.success,
    after: (_sent, payload, { context }) => context.applied(payload.transfer),
  }),
};
