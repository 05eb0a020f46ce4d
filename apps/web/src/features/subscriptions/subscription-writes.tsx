import { detailActionKit, textsFor } from '@/components/actions/declared-dialogs';
import type { ActionRun, DialogRun } from '@/components/actions/detail-actions';
import { lazyDialog } from '@/components/dialogs/lazy-flow-dialogs';
import type { AmountDialogProps } from './dialogs/amount-dialog';
import type { SubscriptionView } from './detail/types';
import {
  CancelSubscriptionDocument,
  ChangeSubscriptionPaymentMethodDocument,
  UpdateSubscriptionAmountDocument,
} from './gql/graphql';
import { SUBSCRIPTION_SUCCESS } from './messages';
import { SUBSCRIPTION_ACTIONS } from './subscription-actions';

const { CANCEL, UPDATE_AMOUNT, CHANGE_PAYMENT_METHOD } = SUBSCRIPTION_ACTIONS;

/** With formik and yup: downloaded with its first opening, so a list's first download stays without them. */
const AmountDialog = lazyDialog<AmountDialogProps>(() =>
  import('./dialogs/amount-dialog').then((module) => module.AmountDialog),
);

/** What a subscription's writes read of the record: its id, its amount and its payer's name. */
interface WritableSubscription {
  id: string;
  amount: string;
  payer?: { name?: string | null } | null;
}

/**
 * Cancel, change the payment method and edit the amount: the same declarations on the detail and on a row of Buscar
 * Suscripciones, `applied` telling the lists what the service answered.
 */
export function subscriptionWrites<R extends WritableSubscription, C>(
  applied?: (subscription: SubscriptionView | null | undefined, run: ActionRun<R, C>) => void,
) {
  const writes = detailActionKit<R, C>();
  const keyed = ({ record, idempotencyKey }: DialogRun<R, C>) => ({ id: record.id, idempotencyKey });
  const told = (payload: { subscription?: SubscriptionView | null }, run: ActionRun<R, C>) =>
    applied?.(payload.subscription, run);
  return {
    CANCEL: writes.mutation({
      meta: CANCEL,
      dialog: writes.reasonOf(CANCEL, { submitColor: 'error' }),
      mutation: CancelSubscriptionDocument,
      variables: (reason, run) => ({ ...keyed(run), reason }),
      payload: (data) => data.cancelSubscription,
      success: SUBSCRIPTION_SUCCESS.cancel,
      after: (_sent, payload, run) => told(payload, run),
    }),
    CHANGE_PAYMENT_METHOD: writes.mutation({
      meta: CHANGE_PAYMENT_METHOD,
      dialog: writes.changeMethodOf(CHANGE_PAYMENT_METHOD, (record) => record.payer?.name ?? ''),
      mutation: ChangeSubscriptionPaymentMethodDocument,
      variables: (input, run) => ({ ...keyed(run), input }),
      payload: (data) => data.changeSubscriptionPaymentMethod,
      success: SUBSCRIPTION_SUCCESS.changePaymentMethod,
      after: (_sent, payload, run) => told(payload, run),
    }),
    UPDATE_AMOUNT: writes.mutation({
      meta: UPDATE_AMOUNT,
      dialog: writes.dialog(AmountDialog)(({ record }) => ({
        ...textsFor(UPDATE_AMOUNT.dialog!, record.id),
        currentAmount: record.amount,
      })),
      mutation: UpdateSubscriptionAmountDocument,
      variables: (amount, run) => ({ ...keyed(run), amount }),
      payload: (data) => data.updateSubscriptionAmount,
      success: SUBSCRIPTION_SUCCESS.changeAmount,
      after: (_sent, payload, run) => told(payload, run),
    }),
  };
}
