import { listPreload, type RoutePreload } from '../../lib/preload/list-preload';
import { WithdrawsDocument } from './gql/graphql';
import { toWithdrawsVariables, withdrawsList } from './lists';

const preloadWithdraws = listPreload(withdrawsList, WithdrawsDocument, toWithdrawsVariables);

/**
 * /retiros' first query, started on navigation (app/routes.ts): the withdraws to transfer, for the operators who
 * see that list (WITHDRAW_SHOW; the others get the authorization list, which is not preloaded).
 */
const preload: RoutePreload = (context) => {
  if (context.permissions.includes('WITHDRAW_SHOW')) preloadWithdraws(context);
};
export default preload;
