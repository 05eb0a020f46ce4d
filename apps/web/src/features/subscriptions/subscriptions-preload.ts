import { listPreload } from '../../lib/preload/list-preload';
import { SubscriptionsSearchDocument } from './gql/graphql';
import { subscriptionsList, toSearchVariables } from './list/subscriptions-list';

/** Buscar Suscripciones' first query, started on navigation to /suscripciones (app/routes.ts) while the screen's chunk loads. */
export default listPreload(subscriptionsList, SubscriptionsSearchDocument, toSearchVariables);
