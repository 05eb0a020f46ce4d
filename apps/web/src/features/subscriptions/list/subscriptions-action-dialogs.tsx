import type { BulkColumn } from '@/components/dialogs/bulk-confirm-dialog';
import { areaFlowDialogs } from '@/components/dialogs/area-flow-dialogs';
import type { FlowInputProps } from '@/components/dialogs/bulk-flow-dialogs';
import { FlowPaymentMethodInput, FlowReasonInput } from '@/components/dialogs/flow-inputs';
import type { BulkFlowControl } from '@/components/dialogs/use-bulk-flow';
import { formatAmount } from '@/lib/format';
import { SubscriptionStatusChip } from '../detail/subscription-status-chip';
import { AmountDialog } from '../dialogs/amount-dialog';
import type { PaymentMethodChangeInput, SubscriptionBulkResultFragment } from '../gql/graphql';
import { SUBSCRIPTION_ACTIONS, SUBSCRIPTION_NOUN, type SubscriptionBulkKind } from '../subscription-actions';
import { SUBSCRIPTION_TYPE_LABELS } from '../subscription-labels';
import type { SubscriptionRow } from './subscriptions-columns';

/** What the operator entered: a cancel reason, a new method or a new amount (Decimal). */
export type SubscriptionActionValue =
  { reason: string } | { input: PaymentMethodChangeInput } | { amount: string };

export type SubscriptionsActionFlow = BulkFlowControl<
  SubscriptionBulkKind,
  SubscriptionRow,
  SubscriptionActionValue
>;

/** The selection table of the multi-selection confirmation (850 px). */
const SELECTION_COLUMNS: readonly BulkColumn<SubscriptionRow>[] = [
  { header: 'ID', render: (row) => row.id, strong: true },
  { header: 'NOMBRE', render: (row) => row.payer?.name ?? '—' },
  { header: 'TIPO', render: (row) => SUBSCRIPTION_TYPE_LABELS[row.type] },
  { header: 'CONCEPTO', render: (row) => row.detail?.conceptDescription ?? row.detail?.conceptId ?? '—' },
  { header: 'IMPORTE', render: (row) => formatAmount(row.amount), align: 'right' },
  { header: 'ESTADO', render: (row) => <SubscriptionStatusChip status={row.status} /> },
];

const rowLabel = (row: SubscriptionRow | undefined, amount: SubscriptionRow['amount']) =>
  [row?.payer?.name, row?.detail?.conceptDescription, formatAmount(amount)].filter(Boolean).join(' · ');
const progressLabel = (row: SubscriptionRow) => rowLabel(row, row.amount);
/** After 'Editar Importe' an item reads with the amount sent, the one it now has. */
const resultLabel = (value: SubscriptionActionValue, row: SubscriptionRow | undefined) =>
  'amount' in value ? rowLabel(row, value.amount) : undefined;

function SubscriptionsActionInput(
  props: FlowInputProps<SubscriptionBulkKind, SubscriptionRow, SubscriptionActionValue>,
) {
  const { kind, mode, item, title, description, submitLabel, onSubmit, onClose, returnFocusTo } = props;
  if (kind === 'CHANGE_PAYMENT_METHOD') {
    return <FlowPaymentMethodInput {...props} holderName={item?.payer?.name ?? ''} />;
  }
  if (kind === 'UPDATE_AMOUNT') {
    return (
      <AmountDialog
        title={title}
        description={description}
        submitLabel={submitLabel}
        currentAmount={item?.amount}
        bulk={mode === 'bulk'}
        onClose={onClose}
        returnFocusTo={returnFocusTo}
        onSubmit={(amount) => onSubmit({ amount })}
      />
    );
  }
  return <FlowReasonInput {...props} submitColor="error" />;
}

/** Buscar Suscripciones' action dialogs: the shared flow with the subscriptions' texts, columns and inputs. */
export const SubscriptionsActionDialogs = areaFlowDialogs<
  SubscriptionBulkKind,
  SubscriptionRow,
  SubscriptionActionValue,
  SubscriptionBulkResultFragment
>({
  registry: SUBSCRIPTION_ACTIONS,
  noun: SUBSCRIPTION_NOUN,
  columns: SELECTION_COLUMNS,
  progressLabel,
  resultLabel,
  renderInput: (inputProps) => <SubscriptionsActionInput {...inputProps} />,
});
