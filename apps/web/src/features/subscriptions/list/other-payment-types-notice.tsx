import { useQuery } from '@apollo/client/react';
import { countPhrase } from '@backoffice/validators';
import { ScopeNotice } from '@/components/layout/scope-notice';
import { SubscriptionsAllTypesCountDocument } from '../gql/graphql';
import { toSubscriptionFilter, type SubscriptionsFilters } from './subscriptions-list';

export interface OtherPaymentTypesNoticeProps {
  /** The applied filters. */
  filters: SubscriptionsFilters;
  /** The list's total under them (undefined while unknown or loading). */
  total: number | undefined;
  /** Clears the payment-type filter ('Ver todos'). */
  onShowAll: () => void;
}

/**
 * The list keeps the spec's default payment type (debit, spec 000 §2) even when it is reached for one payer
 * ('Ver suscripciones'), so the operator is told how many more subscriptions the same search finds with other
 * payment types, with 'Ver todos' one click away. Asked only when a payment type narrows a
 * search or a collector: the whole unfiltered list needs no such count.
 */
export function OtherPaymentTypesNotice({ filters, total, onShowAll }: OtherPaymentTypesNoticeProps) {
  const narrowed = filters.paymentType !== null && (filters.search !== '' || filters.collector !== null);
  const { data } = useQuery(SubscriptionsAllTypesCountDocument, {
    variables: { filter: toSubscriptionFilter({ ...filters, paymentType: null }) },
    skip: !narrowed || total === undefined,
    fetchPolicy: 'cache-and-network',
  });
  const all = data?.subscriptions?.total;
  if (!narrowed || total === undefined || all === undefined || all <= total) return null;
  return (
    <ScopeNotice testId="other-payment-types" actionLabel="Ver todos" onAction={onShowAll}>
      {countPhrase(
        all - total,
        'Hay {n} suscripción más con otros tipos de pago.',
        'Hay {n} suscripciones más con otros tipos de pago.',
      )}
    </ScopeNotice>
  );
}
