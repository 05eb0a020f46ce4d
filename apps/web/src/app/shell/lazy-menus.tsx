import { lazy, Suspense, useState, type ReactNode } from 'react';

/** The chunk of the shell's popup menus (shell-menus.tsx); asking again returns the same module. */
const loadShellMenus = () => import('./shell-menus');

export const UserMenuPopup = lazy(() => loadShellMenus().then((m) => ({ default: m.UserMenuPopup })));
export const GroupMenu = lazy(() => loadShellMenus().then((m) => ({ default: m.GroupMenu })));

/**
 * A shell button's popup menu, out of the shell's start-up: its chunk starts loading when the pointer or the
 * focus reaches the button (`buttonProps`, before the click that opens it), and the menu is mounted from its first
 * opening on (`menu(…)`; until then there is no menu to render, as with a closed MUI Menu).
 */
export function useLazyMenu() {
  const [mounted, setMounted] = useState(false);
  const load = () => void loadShellMenus().catch(() => undefined); // a failed load is retried on opening
  return {
    buttonProps: { onPointerEnter: load, onFocus: load },
    /** Call when the button opens the menu. */
    mount: () => setMounted(true),
    menu: (element: ReactNode) => (mounted ? <Suspense fallback={null}>{element}</Suspense> : null),
  };
}
