import type { PaymentMethodChangeInput } from '../../lib/gql/graphql';
import type { BulkFlowDialogsProps, FlowInputProps } from './bulk-flow-dialogs';
import type { BulkResultLike } from './bulk-progress';
import { MULTI_DIALOG_WIDTH } from './action-dialog';
import { ChangePaymentMethodDialog } from './change-payment-method-dialog';
import { ReasonDialog } from './reason-dialog';

/**
 * What an area's action dialogs receive from its screen: the flow and how to run it. The rest of
 * `BulkFlowDialogs` (texts, noun, columns, input dialogs) is the area's own and fixed.
 */
export type AreaFlowDialogsProps<K extends string, T, V, R extends BulkResultLike> = Pick<
  BulkFlowDialogsProps<K, T, V, R>,
  'control' | 'runSingle' | 'runBulk' | 'onBulkResults' | 'onBulkClose'
>;

/** The flow's props every input dialog takes as they are. */
function dialogProps<K extends string, T, V>(props: FlowInputProps<K, T, V>) {
  const { title, description, submitLabel, onClose, returnFocusTo, mode } = props;
  // A multi-selection's input is as wide as its confirm and progress dialogs.
  const width = mode === 'bulk' ? MULTI_DIALOG_WIDTH : undefined;
  return { title, description, submitLabel, onClose, returnFocusTo, width };
}

/** A flow's reason step (cancel, cancel objection...): the shared reason dialog, answering `{ reason }`. */
export function FlowReasonInput<K extends string, T>({
  submitColor,
  ...props
}: FlowInputProps<K, T, { reason: string }> & { submitColor?: 'primary' | 'error' }) {
  return (
    <ReasonDialog
      {...dialogProps(props)}
      submitColor={submitColor}
      onSubmit={(reason) => props.onSubmit({ reason })}
    />
  );
}

/** A flow's new-payment-method step: the shared change dialog, answering `{ input }`. */
export function FlowPaymentMethodInput<K extends string, T>({
  holderName,
  ...props
}: FlowInputProps<K, T, { input: PaymentMethodChangeInput }> & { holderName: string }) {
  return (
    <ChangePaymentMethodDialog
      {...dialogProps(props)}
      holderName={holderName}
      onSubmit={(input) => props.onSubmit({ input })}
    />
  );
}
