import { recordPreload } from '@/lib/preload/query-preload';
import { SubscriptionByIdDocument } from './gql/graphql';

/**
 * The subscription detail's query, started on navigation to /suscripcion/:id (app/routes.ts) while the screen's chunk
 * loads: the variables its screen asks with.
 */
export default recordPreload(SubscriptionByIdDocument, (id) => ({ id }));
