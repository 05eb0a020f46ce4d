import type { DetailActionTable } from '@/components/actions/detail-actions';
import type { SubscriptionBulkKind } from '../subscription-actions';
import { subscriptionWrites } from '../subscription-writes';
import type { SubscriptionRow } from './subscriptions-columns';
import type { SubscriptionRowChange } from './subscriptions-list';
import { changeOf } from './use-subscriptions-list-actions';

/** What Buscar Suscripciones gives a row's actions: the lists follow the subscription the service answered. */
export interface SubscriptionRowContext {
  applied(change: SubscriptionRowChange | null): void;
}

/** A row's menu of Buscar Suscripciones (spec 000 §2): the detail's cancel, change of method and amount. */
export const SUBSCRIPTION_ROW_TABLE: DetailActionTable<
  SubscriptionBulkKind,
  SubscriptionRow,
  SubscriptionRowContext
> = subscriptionWrites<SubscriptionRow, SubscriptionRowContext>((subscription, { context }) =>
  context.applied(changeOf(subscription)),
);
