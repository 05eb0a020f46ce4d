import { forwardRef, useCallback, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

export type AppLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  /** An absolute address of the app (`recordHref`, a route's path): the app has no basename. */
  to: string;
};

/** The address the window shows, as `to` names one (path, query string and fragment). */
const currentAddress = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * Goes to an absolute address of the app, as a click on an `AppLink` to it does (a replace when it names the address
 * shown). The function stays the same while the router moves: unlike React Router's `useNavigate`, whose data-router
 * version reads the route's context, it renders nothing again on a navigation.
 */
export function useAppNavigate(): (to: string) => void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  return useCallback(
    (to: string) => {
      if (currentAddress() === to) void navigator.replace(to);
      else void navigator.push(to);
    },
    [navigator],
  );
}

/**
 * A link inside the app, for the places that render many of them on every screen (a list's cells, the side menu).
 * React Router's `Link` reads the address and the route (to resolve relative paths), so each one rendered again on
 * every navigation and cost a resolution per render: a list's first rows held 150 of them. This one reads only the
 * router's navigator (React Router's own context, which does not change as the router moves) and does what `Link`
 * does for an absolute address: a plain click is an in-app navigation (a replace when it names the address already
 * shown, as `Link` does); a click with a modifier or another button, or on a link that opens elsewhere (`target`),
 * is the browser's (a new tab or window).
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(
  { to, onClick, target, ...rest },
  ref,
) {
  const navigate = useAppNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
    if (event.defaultPrevented || !plain || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(to);
  };
  return <a ref={ref} href={to} target={target} onClick={follow} {...rest} />;
});
