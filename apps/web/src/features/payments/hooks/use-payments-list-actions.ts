import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import {
  BulkCancelPaymentObjectionsDocument,
  BulkCancelPaymentsDocument,
  BulkChangePaymentMethodDocument,
  type BulkPaymentResultFragment,
  type PaymentFilter,
} from '../gql/graphql';
import { bulkResultsOf } from '@/lib/mutation-outcome';
import { useMutate } from '@/lib/use-mutate';
import { bulkSelectionOf, type BulkRunner } from '@/components/actions/bulk-selection';
import type { ListActionValue } from '../components/payments-action-dialogs';
import type { ListActionKind } from '../payments-bulk-rules';
import { applyPaymentChangesToLists, paymentChangeOf, type PaymentChange } from '../payments-list-cache';

export interface ListChange {
  /** Rows left some cached list (its page may now be short or empty). */
  rowsLeft: boolean;
  /** Some outcome is unknown: the list should be read again. */
  unknown: boolean;
}

const reasonOf = (value: ListActionValue) => ('reason' in value ? value.reason : '');

/**
 * The mutations behind Buscar Pagos' multi-selection actions, and what follows a row's (its action table,
 * `PAYMENT_ROW_TABLE`: `applyRow`, `rowUnknown`). Each answer updates the payments in
 * Apollo's cache (rows change in place) and the cached lists (spec 000 §4 "Lists after an action");
 * `onListChange` then lets the screen reload an emptied page. `filter`: the list's current filter, what a bulk
 * over every matching payment acts on.
 */
export function usePaymentsListActions(
  onListChange: (change: ListChange) => void,
  filter: PaymentFilter | null | undefined,
) {
  const client = useApolloClient();
  const mutate = useMutate();

  const apply = useCallback(
    (payments: (PaymentChange | null)[], unknown: boolean) => {
      const changes = payments.filter((change): change is PaymentChange => change !== null);
      const removed = applyPaymentChangesToLists(client.cache, changes);
      onListChange({ rowsLeft: removed.size > 0, unknown });
    },
    [client, onListChange],
  );

  /** A row's action answered (its action table): the lists follow the payment; unknown, they are read again. */
  const applyRow = useCallback(
    (payment: Parameters<typeof paymentChangeOf>[0]) => apply([paymentChangeOf(payment)], false),
    [apply],
  );
  const rowUnknown = useCallback(async () => apply([], true), [apply]);

  const runBulk: BulkRunner<ListActionKind, ListActionValue, BulkPaymentResultFragment> = useCallback(
    async (kind, ids, value, idempotencyKey, matching) => {
      const selection = bulkSelectionOf(ids, filter, matching);
      const keyed = { ...selection, reason: reasonOf(value), idempotencyKey };
      if (kind === 'CANCEL') {
        return bulkResultsOf((await mutate(BulkCancelPaymentsDocument, keyed)).data?.bulkCancelPayments);
      }
      if (kind === 'CANCEL_OBJECTION') {
        return bulkResultsOf(
          (await mutate(BulkCancelPaymentObjectionsDocument, keyed)).data?.bulkCancelPaymentObjections,
        );
      }
      const input = 'input' in value ? value.input : null;
      return bulkResultsOf(
        input &&
          (await mutate(BulkChangePaymentMethodDocument, { ...selection, input, idempotencyKey })).data
            ?.bulkChangePaymentMethod,
      );
    },
    [filter, mutate],
  );

  /** The list follows each batch of bulk results. */
  const applyBulkResults = useCallback(
    (results: readonly BulkPaymentResultFragment[]) =>
      apply(
        results.map((result) => paymentChangeOf(result.payment)),
        results.some((result) => result.outcome === 'UNKNOWN'),
      ),
    [apply],
  );

  return { applyRow, rowUnknown, runBulk, applyBulkResults };
}
