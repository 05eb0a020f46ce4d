import type { BulkPaymentResultFragment, PaymentMethodChangeInput } from '../gql/graphql';
import { formatAmount } from '../../../lib/format';
import type { SubmitOutcome } from '../../../components/dialogs/action-dialog';
import type { BulkColumn } from '../../../components/dialogs/bulk-confirm-dialog';
import { BulkFlowDialogs, type FlowInputProps } from '../../../components/dialogs/bulk-flow-dialogs';
import type { BulkSummary } from '../../../components/dialogs/bulk-progress';
import { ReasonDialog } from '../../../components/dialogs/reason-dialog';
import type { BulkFlowControl } from '../../../components/dialogs/use-bulk-flow';
import { PAYMENT_NOUN } from '../detail/payment-actions';
import { ChangePaymentMethodDialog } from '../../../components/dialogs/change-payment-method-dialog';
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
  const { kind, item, title, description, submitLabel, onSubmit, onClose, returnFocusTo } = props;
  return kind === 'CHANGE_PAYMENT_METHOD' ? (
    <ChangePaymentMethodDialog
      title={title}
      description={description}
      holderName={item?.payer?.name ?? ''}
      submitLabel={submitLabel}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      onSubmit={(input) => onSubmit({ input })}
    />
  ) : (
    <ReasonDialog
      title={title}
      description={description}
      submitLabel={submitLabel}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      onSubmit={(reason) => onSubmit({ reason })}
    />
  );
}

export interface PaymentsActionDialogsProps {
  control: PaymentsActionFlow;
  /** Runs a row action; answers the dialog's feedback (null closes it). */
  runRow: (kind: ListActionKind, row: PaymentRow, value: ListActionValue) => Promise<SubmitOutcome>;
  /** Runs a multi-selection action over these ids: one result per id. */
  runBulk: (
    kind: ListActionKind,
    ids: string[],
    value: ListActionValue,
  ) => Promise<BulkPaymentResultFragment[]>;
  /** Each batch of results (the first run and every "Reintentar fallidos"). */
  onBulkResults: (results: BulkPaymentResultFragment[]) => void;
  onBulkClose?: (summary: Pick<BulkSummary, 'success' | 'error' | 'unknown'>) => void;
}

/** Buscar Pagos' action dialogs: the shared flow with the payments' texts, columns and input dialogs. */
export function PaymentsActionDialogs({
  control,
  runRow,
  runBulk,
  onBulkResults,
  onBulkClose,
}: PaymentsActionDialogsProps) {
  return (
    <BulkFlowDialogs
      control={control}
      texts={listActionTexts}
      noun={PAYMENT_NOUN}
      getId={(row) => row.id}
      columns={SELECTION_COLUMNS}
      progressLabel={progressLabel}
      renderInput={(props) => <PaymentsActionInput {...props} />}
      runSingle={runRow}
      runBulk={runBulk}
      onBulkResults={onBulkResults}
      onBulkClose={onBulkClose}
    />
  );
}
