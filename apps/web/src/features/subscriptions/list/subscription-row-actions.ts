import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { BulkPayload, BulkTarget } from '@/components/actions/bulk-actions';
import { detailActionKit } from '@/components/actions/declared-dialogs';
import type { DetailActionTable } from '@/components/actions/detail-actions';
import {
  BulkCancelSubscriptionsDocument,
  BulkChangeSubscriptionPaymentMethodDocument,
  BulkUpdateSubscriptionAmountDocument,
  type SubscriptionBulkResultFragment,
  type SubscriptionFilter,
} from '../gql/graphql';
import type { SubscriptionBulkKind } from '../subscription-actions';
import { subscriptionWrites } from '../subscription-writes';
import type { SubscriptionActionValue as Value } from './subscriptions-action-dialogs';
import type { SubscriptionRow } from './subscriptions-columns';
import type { SubscriptionRowChange } from './subscriptions-list';
import { changeOf } from './use-subscriptions-list-actions';

/** What Buscar Suscripciones gives a row's actions: the lists follow the subscription the service answered. */
export interface SubscriptionRowContext {
  applied(change: SubscriptionRowChange | null): void;
}

const kit = detailActionKit<SubscriptionRow, SubscriptionRowContext>();
const writes = subscriptionWrites<SubscriptionRow, SubscriptionRowContext>((subscription, { context }) =>
  context.applied(changeOf(subscription)),
);
/** What a bulk of Buscar Suscripciones acts on: the ticked subscriptions, or every one matching the list's filter. */
type Target = BulkTarget<SubscriptionFilter>;

/** The selection's variables of a write: the selection and the dialog's `field`, one of the document's variables. */
type SelectionVariables<TVariables> = Omit<TVariables, 'idempotencyKey'>;

/** A write on a selection: the selection and the dialog's `field` (a value of another action sends nothing). */
const bulkOf = <TData, TVariables extends OperationVariables>(
  mutation: TypedDocumentNode<TData, TVariables>,
  field: 'reason' | 'input' | 'amount',
  results: (data: TData) => BulkPayload<SubscriptionBulkResultFragment> | null | undefined,
) =>
  kit.bulk({
    mutation,
    variables: (value: Value, { selection }: Target) => {
      if (!(field in value)) return null;
      const sent: Record<string, unknown> = {
        ...selection,
        [field]: (value as Record<string, unknown>)[field],
      };
      return sent as SelectionVariables<TVariables>;
    },
    results,
  });

/**
 * A row's menu of Buscar Suscripciones (spec 000 §2): the detail's cancel, change of method and amount; and the same
 * actions on a selection (`bulk`, run by the list's bulk flow). A value of another action sends nothing.
 */
export const SUBSCRIPTION_ROW_TABLE: DetailActionTable<
  SubscriptionBulkKind,
  SubscriptionRow,
  SubscriptionRowContext
> = {
  CANCEL: {
    ...writes.CANCEL,
    bulk: bulkOf(BulkCancelSubscriptionsDocument, 'reason', (data) => data.bulkCancelSubscriptions),
  },
  CHANGE_PAYMENT_METHOD: {
    ...writes.CHANGE_PAYMENT_METHOD,
    bulk: bulkOf(
      BulkChangeSubscriptionPaymentMethodDocument,
      'input',
      (data) => data.bulkChangeSubscriptionPaymentMethod,
    ),
  },
  UPDATE_AMOUNT: {
    ...writes.UPDATE_AMOUNT,
    bulk: bulkOf(BulkUpdateSubscriptionAmountDocument, 'amount', (data) => data.bulkUpdateSubscriptionAmount),
  },
};
