import { useCallback } from 'react';
import { bulkSelectionOf, type BulkRunner } from '@/components/actions/bulk-selection';
import { useMutate } from '@/lib/use-mutate';
import { bulkResultsOf } from '@/lib/mutation-outcome';
import {
  BulkCancelSubscriptionsDocument,
  BulkChangeSubscriptionPaymentMethodDocument,
  BulkUpdateSubscriptionAmountDocument,
  type SubscriptionBulkResultFragment,
  type SubscriptionFilter,
} from '../gql/graphql';
import type { SubscriptionBulkKind } from '../subscription-actions';
import type { SubscriptionActionValue } from './subscriptions-action-dialogs';
import type { SubscriptionRow } from './subscriptions-columns';
import type { SubscriptionRowChange } from './subscriptions-list';

/** What a changed subscription says about the lists it sits in. */
export const changeOf = (
  s: { id: string; status: SubscriptionRow['status']; paymentMethod?: unknown } | null | undefined,
) =>
  s
    ? ({ id: s.id, status: s.status, hasMethod: s.paymentMethod != null } satisfies SubscriptionRowChange)
    : null;

/**
 * Buscar Suscripciones' selection actions (spec 000 §2, §4): cancel, change payment method and update amount over a
 * selection or every matching subscription (`runBulk`). A row's are its action table (`SUBSCRIPTION_ROW_TABLE`).
 */
export function useSubscriptionsListActions(filter: SubscriptionFilter | null | undefined) {
  const mutate = useMutate();

  const runBulk: BulkRunner<SubscriptionBulkKind, SubscriptionActionValue, SubscriptionBulkResultFragment> =
    useCallback(
      async (_kind, ids, value, idempotencyKey, matching) => {
        const base = { ...bulkSelectionOf(ids, filter, matching), idempotencyKey };
        if ('reason' in value)
          return bulkResultsOf(
            (await mutate(BulkCancelSubscriptionsDocument, { ...base, reason: value.reason })).data
              ?.bulkCancelSubscriptions,
          );
        if ('input' in value)
          return bulkResultsOf(
            (await mutate(BulkChangeSubscriptionPaymentMethodDocument, { ...base, input: value.input })).data
              ?.bulkChangeSubscriptionPaymentMethod,
          );
        return bulkResultsOf(
          (await mutate(BulkUpdateSubscriptionAmountDocument, { ...base, amount: value.amount })).data
            ?.bulkUpdateSubscriptionAmount,
        );
      },
      [filter, mutate],
    );

  return { runBulk };
}
