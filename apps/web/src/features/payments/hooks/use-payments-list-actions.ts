import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { BulkPaymentResultFragment } from '../gql/graphql';
import { applyPaymentChangesToLists, paymentChangeOf, type PaymentChange } from '../payments-list-cache';

export interface ListChange {
  /** Rows left some cached list (its page may now be short or empty). */
  rowsLeft: boolean;
  /** Some outcome is unknown: the list should be read again. */
  unknown: boolean;
}

/**
 * What follows Buscar Pagos' row and multi-selection actions (both declared in its action table,
 * `PAYMENT_ROW_TABLE`: `applyRow`, `rowUnknown`, `applyBulkResults`). Each answer updates the payments in
 * Apollo's cache (rows change in place) and the cached lists (spec 000 §4 "Lists after an action");
 * `onListChange` then lets the screen reload an emptied page.
 */
export function usePaymentsListActions(onListChange: (change: ListChange) => void) {
  const client = useApolloClient();

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

  /** The list follows each batch of bulk results. */
  const applyBulkResults = useCallback(
    (results: readonly BulkPaymentResultFragment[]) =>
      apply(
        results.map((result) => paymentChangeOf(result.payment)),
        results.some((result) => result.outcome === 'UNKNOWN'),
      ),
    [apply],
  );

  return { applyRow, rowUnknown, applyBulkResults };
}
