import {
  listQueryPreload,
  type EarlyPreloadContext,
  type RoutePreload,
  type RoutePreloadContext,
} from '@/lib/preload/list-preload';
import { WithdrawsText } from './gql/operation-texts';
import { withdrawsQuery } from './lists';

const preloadWithdraws = listQueryPreload(withdrawsQuery, WithdrawsText);

/** The operators who see the withdraws to transfer (the others get the authorization list, which is not preloaded). */
const seesWithdraws = (permissions: readonly string[]) => permissions.includes('WITHDRAW_SHOW');

/**
 * /retiros' first query, started on navigation (app/routes.ts): the withdraws to transfer, for the operators who
 * see that list (WITHDRAW_SHOW). On a document's first address it leaves before Apollo (app/first-request.ts).
 */
const preload: RoutePreload = Object.assign(
  (context: RoutePreloadContext) =>
    seesWithdraws(context.permissions) ? preloadWithdraws(context) : undefined,
  {
    early: (context: EarlyPreloadContext) =>
      seesWithdraws(context.permissions) && (preloadWithdraws.early?.(context) ?? false),
  },
);
export default preload;
