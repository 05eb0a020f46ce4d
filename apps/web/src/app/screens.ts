import { createElement, type ComponentType } from 'react';
import { PageLoader } from '../components/feedback/page-loader';
import { lazyComponent } from '../lib/settled';

/**
 * The screens that more than one place of the app renders: the route manifest (routes.ts) and the tabs of /home,
 * the Lotes view of 'Retiros'. This file imports no screen of the app and is imported by none of them: routes.ts
 * and home-screen.tsx both read it (no import cycle through the manifest).
 */

/** A screen loaded on demand: its own chunk, fetched when its route is entered or first renders. */
export interface LazyScreen {
  /** The screen's component, once its chunk is in. */
  load: () => Promise<ComponentType>;
  /** The screen once its chunk is in, the page loader until then (lib/settled.ts says why not `lazy`). */
  Component: ComponentType;
}

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  return lazyComponent(() => load().then((module) => module.default), createElement(PageLoader));
}

/** Buscar Pagos is also the first tab of /home. */
export const PAYMENTS_SEARCH = lazyScreen(
  () => import('../features/payments/screens/payments-search-screen'),
);

/** Buscar Entidades and Buscar Pagadores are also tabs of /home. */
export const COLLECTORS_SEARCH = lazyScreen(
  () => import('../features/collectors/screens/collectors-search-screen'),
);
export const PAYERS_SEARCH = lazyScreen(() => import('../features/payers/screens/payers-search-screen'));

/** /lotes, and the 'Lotes' view of 'Retiros' (a feature never imports another: the app lends it). */
export const BATCHES = lazyScreen(() => import('../features/batches/screens/batches-screen'));

/** /retirosUnificados 'Retiros', given the Lotes screen. */
export const UNIFIED_WITHDRAWALS = lazyScreen(() =>
  import('../features/withdrawals/screens/unified-screen').then(({ default: Unified }) => ({
    default: function UnifiedWithdrawalsRoute() {
      return createElement(Unified, { Batches: BATCHES.Component });
    },
  })),
);
