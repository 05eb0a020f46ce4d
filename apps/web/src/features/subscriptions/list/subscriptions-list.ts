import {
  defineListQuery,
  positionOf,
  type ListCacheRule,
  type ListState,
  type StatusRowChange,
} from '@/lib/list';
import {
  SubscriptionsSearchDocument,
  type SubscriptionFilter,
  type SubscriptionSortField,
  type SubscriptionStatus,
  type SubscriptionsSearchQueryVariables,
} from '../gql/graphql';
import { subscriptionsList, type SubscriptionsFilters } from './subscriptions-list.definition';

/** Buscar Suscripciones' list: its definition (subscriptions-list.definition.ts), its query and its cache rule. */
export * from './subscriptions-list.definition';

/** The gateway's filter of a list state. */
export function toSubscriptionFilter(filters: SubscriptionsFilters): SubscriptionFilter {
  return {
    search: filters.search || null,
    collectorId: filters.collector?.id ?? null,
    status: filters.status,
    paymentType: filters.paymentType,
  };
}

export function toSearchVariables(
  state: ListState<SubscriptionsFilters, SubscriptionSortField>,
): SubscriptionsSearchQueryVariables {
  return { filter: toSubscriptionFilter(state), ...positionOf(state) };
}

/** Buscar Suscripciones' query: the screen's and the route preload's. */
export const subscriptionsQuery = defineListQuery({
  list: subscriptionsList,
  document: SubscriptionsSearchDocument,
  variables: toSearchVariables,
  pageOf: (data) => data.subscriptions,
});

/** What a changed subscription says about the lists it sits in. */
export interface SubscriptionRowChange extends StatusRowChange<SubscriptionStatus> {
  hasMethod?: boolean;
}

/**
 * Lists after an action (spec 000 §4): a subscription leaves a list whose status filter it no longer matches
 * (cancelled under 'Activa'), or whose payment-type filter it no longer matches once its method is removed.
 */
export const subscriptionsListRule: ListCacheRule<SubscriptionRowChange, SubscriptionFilter> = {
  field: 'subscriptions',
  stillMatches: (change, filter) => {
    if (filter.status && change.status && change.status !== filter.status) return false;
    if (filter.paymentType && change.hasMethod === false) return false;
    return true;
  },
  changeOfRow: (readField, row) => {
    const id = readField<string>('id', row);
    if (!id) return null;
    return {
      id,
      status: readField<SubscriptionStatus>('status', row),
      hasMethod: readField<unknown>('paymentMethod', row) !== null,
    };
  },
};
