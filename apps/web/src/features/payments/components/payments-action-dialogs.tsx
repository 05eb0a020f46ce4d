import type { BulkPaymentResultFragment, PaymentMethodChangeInput } from '../gql/graphql';
import { formatAmount } from '@/lib/format';
import type { BulkColumn } from '@/components/dialogs/bulk-confirm-dialog';
import { BulkFlowDialogs, type FlowInputProps } from '@/components/dialogs/bulk-flow-dialogs';
import {
  FlowPaymentMethodInput,
  FlowReasonInput,
  type AreaFlowDialogsProps,
} from '@/components/dialogs/flow-inputs';
import type { BulkFlowControl } from '@/components/dialogs/use-bulk-flow';
import { PAYMENT_NOUN } from '../detail/payment-actions';
import { listActionTexts, type ListActionKind } from '../payments-bulk-rules';
import { PaymentStatusChip } from './payment-status-chip';
import type { PaymentRow } from './payments-table';

/** What the operator entered for an action: a reason (cancel, cancel objection) or the new method. */
export type ListActionValue = { reason: string } | { input: PaymentMethodChangeInput };

/** The list's action flow (useBulkFlow): a row action, or confirm -> input -> progress on a selection. */
export type PaymentsActionFlow = BulkFlowControl<ListActionKind, PaymentRow, ListActionValue>;

/** The selection table of the multi-selection confirmation. */
const SELECTION_COLUMNS: readonly BulkColumn<PaymentRow>[] = [
  { header: 'ID TRANSACCIÓN', render: (row) => row.id, strong: true },
  { header: 'NOMBRE', render: (row) => row.payer?.name ?? '—' },
  { header: 'CONCEPTO', render: (row) => row.conceptDescription ?? row.conceptId ?? '—' },
  { header: 'IMPORTE', render: (row) => formatAmount(row.finalAmount), align: 'right' },
  { header: 'ESTADO', render: (row) => (row.status ? <PaymentStatusChip status={row.status} /> : '—') },
];

/** How a payment reads in the progress dialog, after its id. */
export function progressLabel(row: PaymentRow): string {
  return [row.payer?.name, row.conceptDescription, formatAmount(row.finalAmount)].filter(Boolean).join(' · ');
}

/** The payments' own input step: the cancel reason, or the new payment method. */
function PaymentsActionInput(props: FlowInputProps<ListActionKind, PaymentRow, ListActionValue>) {
  return props.kind === 'CHANGE_PAYMENT_METHOD' ? (
    <FlowPaymentMethodInput {...props} holderName={props.item?.payer?.name ?? ''} />
  ) : (
    <FlowReasonInput {...props} />
  );
}

export type PaymentsActionDialogsProps = AreaFlowDialogsProps<
  ListActionKind,
  PaymentRow,
  ListActionValue,
  BulkPaymentResultFragment
>;

/** Buscar Pagos' action dialogs: the shared flow with the payments' texts, columns and input dialogs. */
export function PaymentsActionDialogs(props: PaymentsActionDialogsProps) {
  return (
    <BulkFlowDialogs
      {...props}
      texts={listActionTexts}
      noun={PAYMENT_NOUN}
      getId={(row) => row.id}
      columns={SELECTION_COLUMNS}
      progressLabel={progressLabel}
      renderInput={(inputProps) => <PaymentsActionInput {...inputProps} />}
    />
  );
}
