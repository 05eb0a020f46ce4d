import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { SubscriptionsMethodNamesDocument } from './gql/graphql';
import { SUBSCRIPTIONS_MESSAGES } from './messages';

export interface MethodRef {
  mediaPaymentId: number;
  lastFourDigits?: string | null;
}

/**
 * The MEDIO DE PAGO text of a subscription: the catalogue's name, '**** 1234' for cards, or 'Sin medio de
 * pago' (spec 000 §2). Until the catalogue arrives the id is shown ('Medio 1').
 */
export function methodText(
  method: MethodRef | null | undefined,
  names: ReadonlyMap<number, { name: string; isCard: boolean }>,
): string {
  if (!method) return SUBSCRIPTIONS_MESSAGES.noPaymentMethod;
  const known = names.get(method.mediaPaymentId);
  const name = known?.name ?? `Medio ${method.mediaPaymentId}`;
  return method.lastFourDigits ? `${name} **** ${method.lastFourDigits}` : name;
}

/** The catalogue as a map, read once then from Apollo's cache. */
export function useMethodNames(): ReadonlyMap<number, { name: string; isCard: boolean }> {
  const { data } = useQuery(SubscriptionsMethodNamesDocument, { fetchPolicy: 'cache-first' });
  return useMemo(
    () => new Map((data?.paymentMethodCatalogue ?? []).map((m) => [m.mediaPaymentId, m])),
    [data],
  );
}
