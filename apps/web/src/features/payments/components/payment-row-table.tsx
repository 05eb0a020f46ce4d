import type { BulkTarget } from '@/components/actions/bulk-actions';
import { detailActionKit } from '@/components/actions/declared-dialogs';
import type { DetailActionTable } from '@/components/actions/detail-actions';
import { PAYMENT_ACTIONS } from '../detail/payment-actions';
import {
  BulkCancelPaymentObjectionsDocument,
  BulkCancelPaymentsDocument,
  BulkChangePaymentMethodDocument,
  PaymentsListCancelPaymentDocument,
  PaymentsListCancelPaymentObjectionDocument,
  PaymentsListChangePaymentMethodDocument,
  type PaymentFilter,
  type PaymentMethodChangeInput,
  type PaymentsListActionResultFragment,
} from '../gql/graphql';
import { listActionTexts, type ListActionKind } from '../payments-bulk-rules';
import type { ListActionValue } from './payments-action-dialogs';
import type { PaymentRow } from './payments-table';

/** What Buscar Pagos gives a row's actions: the cached lists follow the payment the service answered. */
export interface PaymentRowContext {
  applied(payment: PaymentsListActionResultFragment['payment']): void;
}

const kit = detailActionKit<PaymentRow, PaymentRowContext>();
const { CANCEL, CANCEL_OBJECTION, CHANGE_PAYMENT_METHOD } = PAYMENT_ACTIONS;

/** The answer's payment to the lists (a row leaves a list it no longer matches, or shows its new state). */
const followed = (
  _sent: unknown,
  { payment }: PaymentsListActionResultFragment,
  { context }: { context: PaymentRowContext },
) => context.applied(payment);

/** What a bulk of Buscar Pagos acts on: the ticked payments, or every one matching the list's filter. */
type Target = BulkTarget<PaymentFilter>;
/** A cancel's bulk sends the selection and the reason its dialog asked. */
const withReason = (value: ListActionValue, { selection }: Target) => ({
  ...selection,
  reason: 'reason' in value ? value.reason : '',
});

/**
 * A row's ACCIONES menu of Buscar Pagos (spec 000 §2, §4) and the same actions on a selection (`bulk`, run by the
 * list's bulk flow): cancel and cancel an objection with a reason, change the payment method, each in the
 * registry's words.
 */
export const PAYMENT_ROW_TABLE: DetailActionTable<ListActionKind, PaymentRow, PaymentRowContext> = {
  CANCEL: kit.mutation({
    meta: CANCEL,
    dialog: kit.reasonOf(CANCEL),
    mutation: PaymentsListCancelPaymentDocument,
    variables: (reason: string, { record, idempotencyKey }) => ({ id: record.id, reason, idempotencyKey }),
    payload: (data) => data.cancelPayment,
    success: listActionTexts('CANCEL').success,
    after: followed,
    bulk: kit.bulk({
      mutation: BulkCancelPaymentsDocument,
      variables: withReason,
      results: (data) => data.bulkCancelPayments,
    }),
  }),
  CANCEL_OBJECTION: kit.mutation({
    meta: CANCEL_OBJECTION,
    dialog: kit.reasonOf(CANCEL_OBJECTION),
    mutation: PaymentsListCancelPaymentObjectionDocument,
    variables: (reason: string, { record, idempotencyKey }) => ({ id: record.id, reason, idempotencyKey }),
    payload: (data) => data.cancelPaymentObjection,
    success: listActionTexts('CANCEL_OBJECTION').success,
    after: followed,
    bulk: kit.bulk({
      mutation: BulkCancelPaymentObjectionsDocument,
      variables: withReason,
      results: (data) => data.bulkCancelPaymentObjections,
    }),
  }),
  CHANGE_PAYMENT_METHOD: kit.mutation({
    meta: CHANGE_PAYMENT_METHOD,
    dialog: kit.changeMethodOf(CHANGE_PAYMENT_METHOD, (record) => record.payer?.name ?? ''),
    mutation: PaymentsListChangePaymentMethodDocument,
    variables: (input: PaymentMethodChangeInput, { record, idempotencyKey }) => ({
      id: record.id,
      input,
      idempotencyKey,
    }),
    payload: (data) => data.changePaymentMethod,
    success: listActionTexts('CHANGE_PAYMENT_METHOD').success,
    after: followed,
    bulk: kit.bulk({
      mutation: BulkChangePaymentMethodDocument,
      // A value without a new method sends nothing (it reads as no answer).
      variables: (value: ListActionValue, { selection }: Target) =>
        'input' in value ? { ...selection, input: value.input } : null,
      results: (data) => data.bulkChangePaymentMethod,
    }),
  }),
};
