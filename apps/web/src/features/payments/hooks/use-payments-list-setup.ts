import { useEffect, useMemo } from 'react';
import { useQuery } from '@apollo/client/react';
import { PaymentsPermissionsDocument } from '../gql/graphql';
import { withKnownMethods, type PaymentsListState } from '../payments-list-state';
import { usePaymentMethodCatalogue } from './use-payment-method-catalogue';

/** The permissions of the list's multi-selection actions (cancel, change method, cancel objection). */
const BULK_PERMISSIONS = ['PAYMENT_CANCEL', 'PAYMENT_UPDATE', 'PAYMENT_CANCEL_OBJECTION'] as const;

/**
 * What Buscar Pagos offers the user, from `me` (loaded by the shell at start, served from Apollo's cache): the
 * export, the export history, and the selection (a role that can run none of the multi-selection actions,
 * consulta, gets no selection and no bulk bar).
 */
export function usePaymentsListPermissions() {
  const { data } = useQuery(PaymentsPermissionsDocument, { fetchPolicy: 'cache-first' });
  return useMemo(() => {
    const permissions = data?.me.permissions ?? [];
    return {
      canExport: permissions.includes('EXPORT_CREATE'),
      canSeeExportHistory: permissions.includes('EXPORT_SEARCH') && permissions.includes('EXPORT_SHOW'),
      canBulk: BULK_PERMISSIONS.some((permission) => permissions.includes(permission)),
    };
  }, [data]);
}

/**
 * The payment-method catalogue for the grid; a link naming payment methods the catalogue does not know loses them
 * (from the filter and the address) once it has arrived.
 */
export function useKnownMethods(list: {
  state: PaymentsListState;
  setState(state: PaymentsListState, options: { replace: boolean }): void;
}) {
  const { catalogue, loaded } = usePaymentMethodCatalogue();
  const { state, setState } = list;
  const known = loaded ? withKnownMethods(state, (id) => catalogue.find(id) !== undefined) : state;
  useEffect(() => {
    if (known !== state) setState(known, { replace: true });
  }, [known, state, setState]);
  return catalogue;
}
