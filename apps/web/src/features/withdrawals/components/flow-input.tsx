import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import type { FlowInputProps } from '@/components/dialogs/bulk-flow-dialogs';
import { ReasonDialog } from '@/components/dialogs/reason-dialog';
import { WITHDRAWALS_MESSAGES } from '../labels';

/** The input step of every withdrawal action: 'Motivo de rechazo' for REJECT, a confirmation for the others. */
export function WithdrawalFlowInput<K extends string, T>(props: FlowInputProps<K, T, { reason?: string }>) {
  const common = { title: props.title, onClose: props.onClose, returnFocusTo: props.returnFocusTo };
  return props.kind === 'REJECT' ? (
    <ReasonDialog
      {...common}
      description={props.description}
      submitLabel={props.submitLabel}
      submitColor="error"
      label={WITHDRAWALS_MESSAGES.rejectReason}
      onSubmit={(reason) => props.onSubmit({ reason })}
    />
  ) : (
    <ConfirmDialog
      {...common}
      message={props.description}
      confirmLabel={props.submitLabel}
      onConfirm={() => props.onSubmit({})}
    />
  );
}
