import { listPreload } from '../../lib/preload/list-preload';
import { PaymentsSearchDocument } from './gql/graphql';
import { paymentsList, toPaymentsSearchVariables } from './payments-list-state';

/** Buscar Pagos' first query, started on navigation to /pagos (app/routes.ts) while the screen's chunk loads. */
export default listPreload(paymentsList, PaymentsSearchDocument, toPaymentsSearchVariables);
