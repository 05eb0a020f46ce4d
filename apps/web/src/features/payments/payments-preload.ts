import { listQueryPreload } from '@/lib/preload/list-preload';
import { PaymentsSearchText } from './gql/operation-texts';
import { paymentsQuery } from './payments-list-state';

/**
 * Buscar Pagos' first query, started on navigation to /pagos (app/routes.ts) while the screen's chunk loads; on a
 * document's first address it leaves before Apollo, as soon as the token is known (app/first-request.ts).
 */
export default listQueryPreload(paymentsQuery, PaymentsSearchText);
