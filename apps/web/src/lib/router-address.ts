import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext, useLocation } from 'react-router';

/**
 * Whether the router is still at the address this render shows (its pathname), asked when an effect is about to
 * change the address. React Router applies a navigation inside a transition, so a screen can still render, and run
 * its effects, with the previous location after the router has moved on: a screen whose chunk arrived while the
 * operator was already opening another one mounts then. An address rewrite made at that moment resolves against the
 * router's new address: the next screen got this one's query (`/suscripciones?page=4`), and a rewrite to this
 * screen's own path would take the operator back to the screen they left.
 *
 * The router's own state is the latest address (React Router exposes the router to hooks only through this context,
 * which its data routers provide); outside a data router (a test's `MemoryRouter`) this render's address is all
 * there is, and the answer is always yes.
 */
export function useStillAtAddress(): () => boolean {
  const { pathname } = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  return useCallback(() => !router || router.state.location.pathname === pathname, [router, pathname]);
}
