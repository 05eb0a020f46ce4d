import type { Permission, PermissionRule } from '../lib/permission-rules';
import type { RoutePreload } from '../lib/preload/list-preload';

/** How a route's preload module is loaded; `loaded` is its preload once the module is in (app/router.tsx). */
export type PreloadLoader = (() => Promise<{ default: RoutePreload }>) & { loaded?: RoutePreload };

/** What a route with a preload adds to its manifest entry. */
export interface PreloadedRoute {
  rule?: PermissionRule;
  preload: PreloadLoader;
  /**
   * The preloads of the records its rows link to (a list's `/pago/:id`'s): their modules and the screens of their
   * routes are loaded once it is shown (app/router.tsx), so that a click on a row sends the record's query in the
   * click's own task and renders the record without waiting for chunks.
   */
  opens?: readonly PreloadLoader[];
}

const any = (...permissions: Permission[]): PermissionRule => ({ any: permissions });

const paymentDetail: PreloadLoader = () => import('../features/payments/payment-detail-preload');

/**
 * The routes with a preload, by path: their rule and preload module. The manifest (app/routes.ts) spreads them into
 * their entries and the first request (app/first-request.ts) reads them here, without the manifest's icons and React.
 */
export const PRELOADED_ROUTES = {
  '/pagos': { preload: () => import('../features/payments/payments-preload'), opens: [paymentDetail] },
  // A record's query from its id (`recordPreload`, lib/preload/query-preload.ts): no early request, only the router's preload.
  '/pago/:id': { preload: paymentDetail },
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
  // The lists whose rows waited for their screen's chunk and its render before their query left (Buscar Pagos'
  // ratio of first rows, not 5 to 6 times it: bench/README.md, "first rows").
  '/retirosUnificados': {
    rule: any('WITHDRAW_SHOW', 'WITHDRAWAL_SEARCH', 'BATCH_WITHDRAW_SHOW'),
    preload: () => import('../features/withdrawals/unified-preload'),
  },
  '/distribucion': {
    rule: any('DISTRIBUTION_UPDATE', 'DISTRIBUTION_FORCE', 'DISTRIBUTION_SCHEDULED_UPDATE'),
    preload: () => import('../features/distributions/distributions-preload'),
  },
  '/afip': {
    rule: any('AFIP_SHOW'),
    preload: () => import('../features/afip/presentations-preload'),
  },
} satisfies Record<string, PreloadedRoute>;
