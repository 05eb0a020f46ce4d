import { useState, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/settled';

/** The chunk of the shell's popup menus (shell-menus.tsx); asking again returns the same module. */
const loadShellMenus = () => import('./shell-menus');

// Shown as soon as their chunk is in, without Suspense's pause (`lazyComponent`).
const userMenuPopup = lazyComponent(() => loadShellMenus().then((m) => m.UserMenuPopup));
const groupMenu = lazyComponent(() => loadShellMenus().then((m) => m.GroupMenu));
export const UserMenuPopup = userMenuPopup.Component;
export const GroupMenu = groupMenu.Component;

/**
 * A shell button's popup menu, out of the shell's start-up: its chunk starts loading when the pointer or the
 * focus reaches the button (`buttonProps`, before the click that opens it), and the menu is mounted from its first
 * opening on (`menu(…)`; until then there is no menu to render, as with a closed MUI Menu).
 */
export function useLazyMenu() {
  const [mounted, setMounted] = useState(false);
  // A failed load is forgotten: the opening tries again.
  const load = () => {
    void userMenuPopup.load().catch(() => undefined);
    void groupMenu.load().catch(() => undefined);
  };
  return {
    buttonProps: { onPointerEnter: load, onFocus: load },
    /** Call when the button opens the menu. */
    mount: () => setMounted(true),
    menu: (element: ReactNode) => (mounted ? element : null),
  };
}
