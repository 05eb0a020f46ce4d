import { listQueryPreload, type RoutePreload } from '@/lib/preload/list-preload';
import { withdrawsQuery } from './lists';

const preloadWithdraws = listQueryPreload(withdrawsQuery);

/**
 * /retiros' first query, started on navigation (app/routes.ts): the withdraws to transfer, for the operators who
 * see that list (WITHDRAW_SHOW; the others get the authorization list, which is not preloaded).
 */
const preload: RoutePreload = (context) => {
  if (context.permissions.includes('WITHDRAW_SHOW')) preloadWithdraws(context);
};
export default preload;
