import type { Permission, PermissionRule } from '../lib/permission-rules';
import type { RoutePreload } from '../lib/preload/list-preload';

/** What a route with a preload adds to its manifest entry. */
export interface PreloadedRoute {
  rule?: PermissionRule;
  preload: () => Promise<{ default: RoutePreload }>;
}

const any = (...permissions: Permission[]): PermissionRule => ({ any: permissions });

/**
 * The routes with a preload, by path: their rule and preload module. The manifest (app/routes.ts) spreads them into
 * their entries and the first request (app/first-request.ts) reads them here, without the manifest's icons and React.
 */
export const PRELOADED_ROUTES = {
  '/pagos': { preload: () => import('../features/payments/payments-preload') },
  // A record's query from its id (`recordPreload`, lib/preload/query-preload.ts): no early request, only the router's preload.
  '/pago/:id': { preload: () => import('../features/payments/payment-detail-preload') },
  '/suscripciones': {
    rule: any(
      'SUBSCRIPTION_CREATE',
      'SUBSCRIPTION_CANCEL',
      'SUBSCRIPTION_UPDATE',
      'SUBSCRIPTION_REMOVE_PAYMENT_METHOD',
      'SUBSCRIPTION_HISTORY_SHOW',
    ),
    preload: () => import('../features/subscriptions/subscriptions-preload'),
  },
  '/suscripcion/:id': { preload: () => import('../features/subscriptions/subscription-detail-preload') },
  '/retiros': {
    rule: any('WITHDRAW_SHOW', 'WITHDRAWAL_SEARCH'),
    preload: () => import('../features/withdrawals/withdraws-preload'),
  },
} satisfies Record<string, PreloadedRoute>;
