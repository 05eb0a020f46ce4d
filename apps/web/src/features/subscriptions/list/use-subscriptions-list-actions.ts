import { useCallback } from 'react';
import type { SubmitOutcome } from '@/components/dialogs/action-dialog';
import { bulkSelectionOf, type BulkRunner } from '@/components/actions/bulk-selection';
import { useMutate } from '@/lib/use-mutate';
import { bulkResultsOf } from '@/lib/mutation-outcome';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import {
  BulkCancelSubscriptionsDocument,
  BulkChangeSubscriptionPaymentMethodDocument,
  BulkUpdateSubscriptionAmountDocument,
  CancelSubscriptionDocument,
  ChangeSubscriptionPaymentMethodDocument,
  UpdateSubscriptionAmountDocument,
  type SubscriptionBulkResultFragment,
  type SubscriptionFilter,
  type SubscriptionMutationPayload,
} from '../gql/graphql';
import { SUBSCRIPTION_ACTIONS, type SubscriptionBulkKind } from '../subscription-actions';
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
 * Buscar Suscripciones' actions (spec 000 §2, §4): cancel, change payment method and update amount, on one row
 * (`runRow`: its notice, the lists follow) or over a selection or every matching subscription (`runBulk`).
 */
export function useSubscriptionsListActions(
  afterAction: {
    applyChanges(changes: readonly (SubscriptionRowChange | null)[], unknown?: boolean): unknown;
  },
  filter: SubscriptionFilter | null | undefined,
) {
  const feedback = useMutationOutcome();
  const mutate = useMutate();

  const runRow = useCallback(
    async (
      kind: SubscriptionBulkKind,
      row: SubscriptionRow,
      value: SubscriptionActionValue,
      idempotencyKey: string,
    ): Promise<SubmitOutcome> => {
      const base = { id: row.id, idempotencyKey };
      let payload:
        | (Pick<SubscriptionMutationPayload, 'outcome'> & {
            error?: { message: string } | null;
            subscription?: Parameters<typeof changeOf>[0];
          })
        | null
        | undefined;
      if ('reason' in value)
        payload = (await mutate(CancelSubscriptionDocument, { ...base, reason: value.reason })).data
          ?.cancelSubscription;
      else if ('input' in value)
        payload = (await mutate(ChangeSubscriptionPaymentMethodDocument, { ...base, input: value.input }))
          .data?.changeSubscriptionPaymentMethod;
      else
        payload = (await mutate(UpdateSubscriptionAmountDocument, { ...base, amount: value.amount })).data
          ?.updateSubscriptionAmount;
      const outcome = feedback.settle(payload, {
        success: SUBSCRIPTION_ACTIONS[kind].dialog!.success,
        onUnknown: () => afterAction.applyChanges([], true),
      });
      if (!outcome) afterAction.applyChanges([changeOf(payload?.subscription)]);
      return outcome;
    },
    [feedback, afterAction, mutate],
  );

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

  return { runRow, runBulk };
}
