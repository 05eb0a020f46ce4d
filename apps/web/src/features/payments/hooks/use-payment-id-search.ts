import { useApolloClient } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { PaymentsSearchDocument } from '../gql/graphql';
import { isPaymentIdSearch } from '../payments-list-state';
import { recordHref } from '@/lib/record-href';

/**
 * An exact payment id goes straight to the payment, whatever the period: answers true when it
 * navigated. An id that names no payment (or the search already applied) is searched like any other text.
 */
export function usePaymentIdSearch(applied: string): (search: string) => Promise<boolean> {
  const client = useApolloClient();
  const navigate = useNavigate();
  return async (text) => {
    const search = text.trim();
    if (!isPaymentIdSearch(search) || search === applied) return false;
    const found = await client
      .query({
        query: PaymentsSearchDocument,
        variables: {
          filter: { search, dateField: 'REQUEST_DATE' },
          page: 1,
          pageSize: 10,
          sort: { field: 'REQUEST_DATE', direction: 'DESC' },
        },
        fetchPolicy: 'network-only',
      })
      .then((result) => result.data?.payments?.rows.some((row) => row.id === search) ?? false)
      .catch(() => false);
    if (found) void navigate(recordHref('payment', { id: search }));
    return found;
  };
}
