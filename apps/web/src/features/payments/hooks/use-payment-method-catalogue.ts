import { useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { PaymentMethodCatalogueDocument } from '../gql/graphql';
import {
  EMPTY_PAYMENT_METHOD_CATALOGUE,
  paymentMethodCatalogue,
  type PaymentMethodCatalogue,
} from '../payment-methods';

/**
 * The gateway's payment-method catalogue: fetched once, then served from Apollo's cache (cache-first). Empty
 * until it arrives (`loaded` false): labels show the gateway's names meanwhile, without masking.
 */
export function usePaymentMethodCatalogue(): { catalogue: PaymentMethodCatalogue; loaded: boolean } {
  const { data } = useQuery(PaymentMethodCatalogueDocument, { fetchPolicy: 'cache-first' });
  const entries = data?.paymentMethodCatalogue;
  return useMemo(
    () =>
      entries
        ? { catalogue: paymentMethodCatalogue(entries), loaded: true }
        : { catalogue: EMPTY_PAYMENT_METHOD_CATALOGUE, loaded: false },
    [entries],
  );
}
