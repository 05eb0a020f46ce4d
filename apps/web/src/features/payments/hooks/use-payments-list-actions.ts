import { useCallback } from 'react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import {
  BulkCancelPaymentObjectionsDocument,
  BulkCancelPaymentsDocument,
  BulkChangePaymentMethodDocument,
  PaymentsListCancelPaymentDocument,
  PaymentsListCancelPaymentObjectionDocument,
  PaymentsListChangePaymentMethodDocument,
  type BulkPaymentResultFragment,
  type PaymentsListActionResultFragment,
} from '../gql/graphql';
import { useNotify } from '../../../lib/notifications';
import { UNKNOWN_OUTCOME_MESSAGE } from '../detail/payment-actions';
import type { SubmitOutcome } from '../dialogs/action-dialog';
import { LIST_ACTION_TEXTS, type ListActionValue } from '../components/payments-action-dialogs';
import type { PaymentRow } from '../components/payments-table';
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
 * The mutations behind Buscar Pagos' row and multi-selection actions. Each answer updates the payments in
 * Apollo's cache (rows change in place) and the cached lists (spec 000 §4 "Lists after an action");
 * `onListChange` then lets the screen reload an emptied page.
 */
export function usePaymentsListActions(onListChange: (change: ListChange) => void) {
  const client = useApolloClient();
  const notify = useNotify();
  const [cancelPayment] = useMutation(PaymentsListCancelPaymentDocument);
  const [changeMethod] = useMutation(PaymentsListChangePaymentMethodDocument);
  const [cancelObjection] = useMutation(PaymentsListCancelPaymentObjectionDocument);
  const [bulkCancel] = useMutation(BulkCancelPaymentsDocument);
  const [bulkChangeMethod] = useMutation(BulkChangePaymentMethodDocument);
  const [bulkCancelObjections] = useMutation(BulkCancelPaymentObjectionsDocument);

  const apply = useCallback(
    (payments: (PaymentChange | null)[], unknown: boolean) => {
      const changes = payments.filter((change): change is PaymentChange => change !== null);
      const removed = applyPaymentChangesToLists(client.cache, changes);
      onListChange({ rowsLeft: removed.size > 0, unknown });
    },
    [client, onListChange],
  );

  const runRow = useCallback(
    async (kind: ListActionKind, row: PaymentRow, value: ListActionValue): Promise<SubmitOutcome> => {
      let payload: PaymentsListActionResultFragment | undefined;
      if (kind === 'CANCEL') {
        payload = (await cancelPayment({ variables: { id: row.id, reason: reasonOf(value) } })).data
          ?.cancelPayment;
      } else if (kind === 'CANCEL_OBJECTION') {
        payload = (await cancelObjection({ variables: { id: row.id, reason: reasonOf(value) } })).data
          ?.cancelPaymentObjection;
      } else if ('input' in value) {
        payload = (await changeMethod({ variables: { id: row.id, input: value.input } })).data
          ?.changePaymentMethod;
      }
      if (!payload) return { severity: 'error', message: 'No se recibió respuesta del servidor.' };
      apply([paymentChangeOf(payload.payment)], payload.outcome === 'UNKNOWN');
      if (payload.outcome === 'SUCCESS') {
        notify.success(LIST_ACTION_TEXTS[kind].success);
        return null;
      }
      if (payload.outcome === 'UNKNOWN') {
        return {
          severity: 'warning',
          title: 'Resultado desconocido',
          message: payload.error?.message || UNKNOWN_OUTCOME_MESSAGE,
        };
      }
      return { severity: 'error', message: payload.error?.message || 'No se pudo completar la acción.' };
    },
    [apply, cancelPayment, cancelObjection, changeMethod, notify],
  );

  const runBulk = useCallback(
    async (kind: ListActionKind, ids: string[], value: ListActionValue) => {
      let results: BulkPaymentResultFragment[] | undefined;
      if (kind === 'CANCEL') {
        results = (await bulkCancel({ variables: { ids, reason: reasonOf(value) } })).data?.bulkCancelPayments
          .results;
      } else if (kind === 'CANCEL_OBJECTION') {
        results = (await bulkCancelObjections({ variables: { ids, reason: reasonOf(value) } })).data
          ?.bulkCancelPaymentObjections.results;
      } else if ('input' in value) {
        results = (await bulkChangeMethod({ variables: { ids, input: value.input } })).data
          ?.bulkChangePaymentMethod.results;
      }
      if (!results) throw new Error('No se recibió respuesta del servidor.');
      return results;
    },
    [bulkCancel, bulkCancelObjections, bulkChangeMethod],
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
