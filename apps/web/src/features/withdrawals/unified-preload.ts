import {
  listQueryPreload,
  type EarlyPreloadContext,
  type RoutePreload,
  type RoutePreloadContext,
} from '@/lib/preload/list-preload';
import { WithdrawalsText, WithdrawsText } from './gql/operation-texts';
import { authorizationQuery, historyQuery, withdrawsQuery } from './lists';
import { storedUnifiedView, unifiedViewOf, type UnifiedView } from './unified-views';

/** Each view's first query ('Lotes' waits for its collector: none). */
const PRELOADS: Partial<Record<UnifiedView, RoutePreload>> = {
  pending: listQueryPreload(authorizationQuery, WithdrawalsText),
  transfer: listQueryPreload(withdrawsQuery, WithdrawsText),
  history: listQueryPreload(historyQuery, WithdrawalsText),
};

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);
const preloadOf = (permissions: readonly string[]) =>
  PRELOADS[unifiedViewOf(permissions, storedUnifiedView(storage())) ?? 'batches'];

/**
 * /retirosUnificados' first query, started on navigation (app/routes.ts): the list of the view the screen opens on
 * (the one kept in this browser that the user may open, else the first), for the address's list; on a document's
 * first address it leaves before Apollo (app/first-request.ts).
 */
const preload: RoutePreload = Object.assign(
  (context: RoutePreloadContext) => preloadOf(context.permissions)?.(context),
  {
    early: (context: EarlyPreloadContext) => preloadOf(context.permissions)?.early?.(context) ?? false,
  },
);
export default preload;
