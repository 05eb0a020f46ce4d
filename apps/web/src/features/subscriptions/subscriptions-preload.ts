import { listQueryPreload } from '@/lib/preload/list-preload';
import { SubscriptionsSearchText } from './gql/operation-texts';
import { subscriptionsQuery } from './list/subscriptions-list';

/**
 * Buscar Suscripciones' first query, started on navigation to /suscripciones (app/routes.ts) while the screen's chunk
 * loads; on a document's first address it leaves before Apollo, as soon as the token is known (app/first-request.ts).
 */
export default listQueryPreload(subscriptionsQuery, SubscriptionsSearchText);
