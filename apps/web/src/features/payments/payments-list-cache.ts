import type { ApolloCache } from '@apollo/client';
import { applyListChanges, cachedListChanges, type ListCacheRule } from '../../lib/list';
import type { PaymentDateField, PaymentStatus } from './gql/graphql';

/** A payment after an action, as the mutation answered it. */
export interface PaymentChange {
  id: string;
  status: PaymentStatus;
  /** Its payment methods' media payment ids; undefined when the answer did not say. */
  mediaPaymentIds?: readonly (number | null | undefined)[];
}

/** The part of a `PaymentFilter` that an action can stop matching. */
export interface ListFilterLike {
  search?: string | null;
  collectorId?: string | null;
  status?: PaymentStatus | null;
  dateField?: PaymentDateField | null;
  mediaPaymentIds?: readonly number[] | null;
}

/**
 * Whether a payment still belongs to a list after an action. The status filter applies unless the period is
 * on the refund date (which ignores it, spec 000 §9); the payment-method filter applies only with a search or
 * a collector (spec 000 §2), as the gateway applies them. Unknown methods never remove a row.
 */
export function stillMatches(change: PaymentChange, filter: ListFilterLike): boolean {
  if (filter.status && filter.dateField !== 'REFUNDED_DATE' && change.status !== filter.status) return false;
  const wanted = filter.mediaPaymentIds ?? [];
  if (wanted.length > 0 && (filter.search || filter.collectorId) && change.mediaPaymentIds) {
    if (!change.mediaPaymentIds.some((id) => id != null && wanted.includes(id))) return false;
  }
  return true;
}

type MethodsLike = readonly { mediaPaymentId?: number | null }[] | null | undefined;

/** What the mutations answer about a payment, as a change (null without a payment). */
export function paymentChangeOf(
  payment: { id: string; status: PaymentStatus; paymentMethods?: MethodsLike } | null | undefined,
): PaymentChange | null {
  if (!payment) return null;
  return {
    id: payment.id,
    status: payment.status,
    mediaPaymentIds: payment.paymentMethods?.map((method) => method?.mediaPaymentId),
  };
}

/** Buscar Pagos' lists after an action (spec 000 §4): the `payments` field and its matching rule. */
export const paymentsListRule: ListCacheRule<PaymentChange, ListFilterLike> = {
  field: 'payments',
  stillMatches,
  changeOfRow(readField, row) {
    const id = readField<string>('id', row);
    const status = readField<PaymentStatus>('status', row);
    if (!id || !status) return null;
    const methods = readField<MethodsLike>('paymentMethods', row);
    return paymentChangeOf({ id, status, paymentMethods: Array.isArray(methods) ? methods : undefined });
  },
};

/** Applies payment changes to every cached `payments(...)` list; answers the ids that left, per list key. */
export const applyPaymentChangesToLists = (cache: ApolloCache, changes: readonly (PaymentChange | null)[]) =>
  applyListChanges(cache, paymentsListRule, changes);

/** The payments of every cached list as the normalized cache knows them now. */
export const cachedListPayments = (cache: ApolloCache) => cachedListChanges(cache, paymentsListRule);
