import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import {
  BulkCancelPaymentObjectionsDocument,
  BulkCancelPaymentsDocument,
  BulkChangePaymentMethodDocument,
  PaymentsListCancelPaymentDocument,
  PaymentsListCancelPaymentObjectionDocument,
  PaymentsListChangePaymentMethodDocument,
  type BulkPaymentResultFragment,
  type PaymentFilter,
  type PaymentsListActionResultFragment,
} from '../gql/graphql';
import { bulkResultsOf } from '@/lib/mutation-outcome';
import { useMutate } from '@/lib/use-mutate';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import type { SubmitOutcome } from '@/components/dialogs/action-dialog';
import { bulkSelectionOf, type BulkRunner } from '@/components/actions/bulk-selection';
import type { ListActionValue } from '../components/payments-action-dialogs';
import type { PaymentRow } from '../components/payments-table';
import { listActionTexts, type ListActionKind } from '../payments-bulk-rules';
import { applyPaymentChangesToLists, paymentChangeOf, type PaymentChange } from '../payments-list-cache';

export interface ListChange {
  /** Rows left some cached list (its page may now be short or empty). */
  rowsLeft: boolean;
  /** Some outcome is unknown: the list should be read again. */
  unknown: boolean;
}

const reasonOf = (value: ListActionValue) => ('reason' in value ? value.reason : '');

/**
 * The mutations behind Buscar Pagos' row and multi-selection actions. Each answer updates the payments in
 * Apollo's cache (rows change in place) and the cached lists (spec 000 §4 "Lists after an action");
 * `onListChange` then lets the screen reload an emptied page. `filter`: the list's current filter, what a bulk
 * over every matching payment acts on.
 */
export function usePaymentsListActions(
  onListChange: (change: ListChange) => void,
  filter: PaymentFilter | null | undefined,
) {
  const client = useApolloClient();
  const outcome = useMutationOutcome();
  const mutate = useMutate();

  const apply = useCallback(
    (payments: (PaymentChange | null)[], unknown: boolean) => {
      const changes = payments.filter((change): change is PaymentChange => change !== null);
      const removed = applyPaymentChangesToLists(client.cache, changes);
      onListChange({ rowsLeft: removed.size > 0, unknown });
    },
    [client, onListChange],
  );

  const runRow = useCallback(
    async (
      kind: ListActionKind,
      row: PaymentRow,
      value: ListActionValue,
      idempotencyKey: string,
    ): Promise<SubmitOutcome> => {
      let payload: PaymentsListActionResultFragment | null | undefined;
      const keyed = { id: row.id, reason: reasonOf(value), idempotencyKey };
      if (kind === 'CANCEL') {
        payload = (await mutate(PaymentsListCancelPaymentDocument, keyed)).data?.cancelPayment;
      } else if (kind === 'CANCEL_OBJECTION') {
        payload = (await mutate(PaymentsListCancelPaymentObjectionDocument, keyed)).data
          ?.cancelPaymentObjection;
      } else if ('input' in value) {
        payload = (await mutate(PaymentsListChangePaymentMethodDocument, { id: row.id, input: value.input }))
          .data?.changePaymentMethod;
      }
      if (payload) apply([paymentChangeOf(payload.payment)], payload.outcome === 'UNKNOWN');
      return outcome.settle(payload, { success: listActionTexts(kind).success });
    },
    [apply, mutate, outcome],
  );

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
          (await mutate(BulkChangePaymentMethodDocument, { ...selection, input })).data
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

  return { runRow, runBulk, applyBulkResults };
}
