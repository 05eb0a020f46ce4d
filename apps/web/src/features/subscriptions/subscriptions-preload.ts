import { listQueryPreload } from '@/lib/preload/list-preload';
import { subscriptionsQuery } from './list/subscriptions-list';

/** Buscar Suscripciones' first query, started on navigation to /suscripciones (app/routes.ts) while the screen's chunk loads. */
export default listQueryPreload(subscriptionsQuery);
