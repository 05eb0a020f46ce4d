import { useCallback } from 'react';
import { useMutation } from '@apollo/client/react';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { formatAmount } from '@/lib/format';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import { ConciliateTransferDocument, type TransferRowFragment } from '../gql/graphql';
import { TRANSFERS_MESSAGES } from '../messages';

export function ConciliateDialog({
  transfer,
  onClose,
  onDone,
}: {
  transfer: TransferRowFragment;
  onClose(): void;
  onDone(changed: TransferRowFragment | null | undefined, unknown?: boolean): void;
}) {
  const feedback = useMutationOutcome();
  const key = useIdempotencyKey();
  const [conciliate] = useMutation(ConciliateTransferDocument);
  const run = useCallback(async () => {
    const result = await conciliate({ variables: { id: transfer.id, idempotencyKey: key.key } });
    const payload = result.data?.conciliateTransfer;
    return feedback.settle(payload, {
      success: TRANSFERS_MESSAGES.success,
      onSuccess: () => {
        onDone(payload?.transfer);
        onClose();
      },
      onUnknown: () => onDone(null, true),
    });
  }, [conciliate, transfer.id, key.key, feedback, onDone, onClose]);
  return (
    <ConfirmDialog
      title="Conciliar transferencia"
      message={`¿Desea conciliar manualmente la transferencia ${transfer.destinyTransferId ?? transfer.id} por ${formatAmount(transfer.amount)} con el pago ${transfer.paymentId ?? ''}?`}
      confirmLabel="Conciliar"
      onConfirm={run}
      onClose={onClose}
      testId="conciliate-dialog"
    />
  );
}
