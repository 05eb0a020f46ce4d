import {
  Activity,
  Fragment,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal, flushSync } from 'react-dom';
import {
  UNSAFE_DataRouterContext,
  UNSAFE_LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
  type Location,
  type NavigationType,
} from 'react-router';
import { satisfies, usePermissions } from '../../lib/permissions';
import { findRoute } from '../routes';

/** How many kept screens stay mounted while hidden; the one left longest ago is let go past it. */
export const KEPT_SCREENS = 3;

/** A kept screen: its route's path, the element it last rendered and the address it showed then. */
interface KeptScreen {
  path: string;
  element: ReactNode;
  location: Location;
  /**
   * What its hidden screen reads as the address: one object per address, so that a hidden screen has nothing to
   * render again (React would then do it when it is shown, before the paint).
   */
  frozen: { location: Location; navigationType: NavigationType };
  /**
   * The router's address when it left the screen (set by useReturnToKept as the router moves on): the list the operator
   * left, which is not always `location`. A change of the list (a search, a filter) moves the router at once but
   * reaches the screen in a transition, and a navigation away made before that transition commits replaces it: the
   * screen was then last shown at the list before the change, while the operator left the changed one (its history
   * entry, its saved list). Compared with that one, a return to the list before the change opens it anew (it showed
   * the uncommitted change otherwise, a search its address lacked), and the changed one's history entry shows it.
   */
  left?: Location;
  /** The window's scroll when the operator left it, given back on return. */
  scrollY: number;
  /** Made anew (a new generation, a new mount) when opened at another list's address from another screen. */
  generation: number;
  /**
   * The element the screen renders into (a portal), in the document only while it is shown: a hidden screen is out of
   * the document, so nothing that searches the page (a label's `for`, an id, find in page, a test) meets it twice.
   */
  node: HTMLElement;
}

/**
 * The kept screens mounted now (their route paths), for the router's loaders: a kept screen shown again asks for
 * its own fresh rows (its query subscribes again when shown, with its fetch policy), so its route's preload would be
 * a second request (app/router.tsx). One shell per page: module state is that shell's.
 */
const mountedScreens = new Set<string>();

/** Whether the screen of route `path` is kept, mounted and hidden (or shown), right now. */
export function isKeptScreenMounted(path: string): boolean {
  return mountedScreens.has(path);
}

/**
 * The route pattern of an address when its route keeps its screen (routes.ts `kept`) and the operator may open it
 * (a 'No tiene permisos' page is not worth keeping), else undefined.
 */
export function keptPathOf(pathname: string, permissions: readonly string[]): string | undefined {
  const route = findRoute(pathname);
  return route?.kept && satisfies(permissions, route.rule) ? route.path : undefined;
}

/**
 * The routed screen, with the lists the operator left kept mounted and hidden (React's `<Activity>`): going back to
 * the list left (the browser's back, the menu's bare address) shows it as it was, rows and all, in the first frame at
 * its address, and its query asks for fresh rows as it subscribes again. A hidden screen runs no effect
 * (its queries' subscriptions, polling and timers stop), renders with the address it showed (so it never reads a
 * detail's address as its list), and is let go once more than KEPT_SCREENS are kept.
 *
 * React Router applies a navigation inside a transition, which React renders in slices between frames: a return
 * to a kept screen is therefore also shown at once, outside the transition, from the router's own notice of the new
 * address (`flushSync`); the transition then gives the screen the new address as usual.
 */
export function KeptOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const permissions = usePermissions();
  const [kept, setKept] = useState<readonly KeptScreen[]>([]);
  const addressed = useMemo(() => ({ location, navigationType }), [location, navigationType]);
  const returning = useReturnToKept(kept, location, permissions);

  const shownPath = keptPathOf((returning ?? location).pathname, permissions);
  // The committed address's kept screen comes first (the most recent), remembered with this render's element when
  // its address changes; at the same address (a return, a history entry of the same list) the screen keeps the
  // element and address it rendered, and has nothing to render again.
  // A kept screen opened from another screen at an address of another list (a link with other filters) starts anew,
  // as it would without being kept: only the list it was left with comes back as it was.
  const currentPath = returning ? undefined : shownPath;
  const shownBefore = useRef<string | undefined>(undefined);
  const found = kept.find((screen) => screen.path === currentPath);
  const anew =
    found && shownBefore.current !== currentPath && !showsListLeft(found.left ?? found.location, location);
  const remembered = anew ? undefined : found;
  if (currentPath && (kept[0] !== remembered || !remembered || !sameAddress(remembered.location, location))) {
    const screen =
      remembered && sameAddress(remembered.location, location)
        ? remembered
        : {
            path: currentPath,
            generation: (found?.generation ?? 0) + (anew ? 1 : 0),
            element: outlet,
            location,
            frozen: addressed,
            scrollY: remembered?.scrollY ?? 0,
            node: remembered?.node ?? routedScreenNode(currentPath),
          };
    setKept([screen, ...kept.filter((other) => other.path !== currentPath)].slice(0, KEPT_SCREENS));
  }
  useLayoutEffect(() => {
    shownBefore.current = shownPath ?? location.pathname;
  });

  useScrollOnScreenChange(shownPath ?? location.pathname, kept, setKept);
  useLayoutEffect(() => {
    mountedScreens.clear();
    for (const screen of kept) mountedScreens.add(screen.path);
  }, [kept]);
  useLayoutEffect(() => () => mountedScreens.clear(), []);

  const routePath = findRoute(location.pathname)?.path ?? location.pathname;
  // The shown kept screen's node goes into `host` before the screens' own layout effects run (an earlier sibling's
  // effects run first), so they measure it in the document.
  const host = useRef<HTMLDivElement>(null);
  return (
    <>
      <div ref={host} />
      {kept.map((screen) => {
        const visible = screen.path === shownPath;
        return (
          <Fragment key={`${screen.path}#${screen.generation}`}>
            <InDocumentWhileShown node={screen.node} host={host} shown={visible} />
            <Activity mode={visible ? 'visible' : 'hidden'}>
              {createPortal(
                <UNSAFE_LocationContext.Provider value={screen.frozen}>
                  {screen.element}
                </UNSAFE_LocationContext.Provider>,
                screen.node,
              )}
            </Activity>
          </Fragment>
        );
      })}
      {shownPath ? null : (
        // One element per route, as the route's screen is (router.tsx keys it by its path).
        <div key={routePath} {...{ [ROUTED_SCREEN]: routePath }}>
          {outlet}
        </div>
      )}
    </>
  );
}

/**
 * The attribute of the element a routed screen renders in (a kept screen's node, or the wrapper of another), its value
 * the screen's route path: one in the document at a time, the screen shown; the browser tests' support finds the
 * screen by it, and which route it shows (an address of the same route committed in between is not the one asked for).
 */
export const ROUTED_SCREEN = 'data-routed-screen';

function routedScreenNode(path: string): HTMLElement {
  const node = document.createElement('div');
  node.setAttribute(ROUTED_SCREEN, path);
  return node;
}

/** Puts a kept screen's node in `host` while it is shown, and takes it out of the document when it is not. */
function InDocumentWhileShown({
  node,
  host,
  shown,
}: {
  node: HTMLElement;
  host: RefObject<HTMLDivElement | null>;
  shown: boolean;
}) {
  useLayoutEffect(() => {
    if (!shown || !host.current) return undefined;
    host.current.appendChild(node);
    return () => node.remove();
  }, [node, host, shown]);
  return null;
}

/**
 * Whether an address of a kept screen shows the list it was left with: its own address, or its bare one (a list's
 * bare address restores the tab's last list, lib/list/use-list-state.ts).
 */
function showsListLeft(left: Location, next: Pick<Location, 'search'>): boolean {
  return next.search === '' || next.search === left.search;
}

/** Whether two locations name the same address and history state (their keys aside: no screen reads them). */
function sameAddress(a: Location, b: Location): boolean {
  return (
    a.pathname === b.pathname &&
    a.search === b.search &&
    a.hash === b.hash &&
    JSON.stringify(a.state ?? null) === JSON.stringify(b.state ?? null)
  );
}

/**
 * The address of a return to a kept screen that the router has made and its transition not yet committed; shown at
 * once (see KeptOutlet). Undefined when there is none, or once the committed address has caught up.
 */
function useReturnToKept(
  kept: readonly KeptScreen[],
  committed: Location,
  permissions: readonly string[],
): Location | undefined {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const [returning, setReturning] = useState<Location | undefined>(undefined);
  const keptScreens = useRef(kept);
  keptScreens.current = kept;
  const committedPath = useRef<string | undefined>(undefined);
  committedPath.current = keptPathOf(committed.pathname, permissions);

  useLayoutEffect(() => {
    if (!router) return undefined;
    let at = router.state.location;
    return router.subscribe((state) => {
      const next = state.location;
      if (next.pathname !== at.pathname) {
        const left = keptScreens.current.find(
          (screen) => screen.path === keptPathOf(at.pathname, permissions),
        );
        if (left) left.left = at;
      }
      at = next;
      if (state.navigation.state !== 'idle') return;
      const path = keptPathOf(next.pathname, permissions);
      const screen = keptScreens.current.find((kept) => kept.path === path);
      // Another screen's address to a kept one (not a change of the kept screen's own query string) that shows the
      // list it was left with: its own address, or its bare one (a list's bare address restores the tab's last list,
      // lib/list/use-list-state.ts). An address of another list of it shows that one, in the transition.
      const sameList = screen && showsListLeft(screen.left ?? screen.location, next);
      if (screen && sameList && committedPath.current !== path) {
        // Shown before the browser's next frame (the transition would slice its render between frames).
        flushSync(() => setReturning(next));
      } else {
        setReturning(undefined);
      }
    });
  }, [router, permissions]);

  // Only while the router is still there and its transition has not committed it (a later navigation, a rewrite of
  // the address, moves the router on: the screen then follows the committed address).
  const stillThere = returning && router?.state.location.key === returning.key;
  return stillThere && returning.key !== committed.key ? returning : undefined;
}

/**
 * On a new screen the window goes back to the top; on a kept screen shown again, to where the operator left it.
 * Before the paint (a layout effect), so the screen never shows at the wrong scroll.
 */
function useScrollOnScreenChange(
  screenPath: string,
  kept: readonly KeptScreen[],
  setKept: (update: (kept: readonly KeptScreen[]) => readonly KeptScreen[]) => void,
) {
  const previous = useRef<{ path: string; scrollY: number }>({ path: screenPath, scrollY: 0 });
  const keptScroll = kept.find((screen) => screen.path === screenPath)?.scrollY;
  useLayoutEffect(() => {
    if (previous.current.path === screenPath) return;
    const left = previous.current;
    // The screen left keeps its scroll (only a kept one will ever use it).
    setKept((screens) =>
      screens.map((screen) => (screen.path === left.path ? { ...screen, scrollY: left.scrollY } : screen)),
    );
    window.scrollTo(0, keptScroll ?? 0);
    previous.current = { path: screenPath, scrollY: window.scrollY };
  }, [screenPath, keptScroll, setKept]);
  // The scroll the operator is at on this screen, read on each scroll (passive), for when they leave it.
  useLayoutEffect(() => {
    const onScroll = () => {
      previous.current = { path: previous.current.path, scrollY: window.scrollY };
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
}
