import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { typingInField } from '../../lib/typing-in-field';
import { DataBoundary } from '../data-layer';

// Downloaded the first time either opens: the shell stays small.
const SearchDialog = lazy(() => import('./search-dialog'));
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog'));

/**
 * The shell's keyboard shortcuts (the list of them is `SHORTCUTS`, shown by '?'): Ctrl+K / ⌘K opens 'Buscar en el
 * back-office' from any screen (even inside a field); '?' opens 'Atajos de teclado', only outside a text field.
 * '/' is each list's (`useListSearchKey`, components/list-page). Returns the dialogs and a way to open the search
 * (the top bar's box).
 */
export function useGlobalShortcuts(): { openSearch: () => void; dialogs: ReactNode } {
  const [searchOpen, setSearchOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [loaded, setLoaded] = useState({ search: false, shortcuts: false });
  const openSearch = useCallback(() => {
    setLoaded((current) => ({ ...current, search: true }));
    setShortcutsOpen(false);
    setSearchOpen(true);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openSearch();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || typingInField(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      if (event.key === '?') {
        event.preventDefault();
        setLoaded((current) => ({ ...current, shortcuts: true }));
        setShortcutsOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [openSearch]);

  const dialogs = (
    <Suspense fallback={null}>
      {loaded.search ? (
        <DataBoundary>
          <SearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />
        </DataBoundary>
      ) : null}
      {loaded.shortcuts ? (
        <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      ) : null}
    </Suspense>
  );
  return { openSearch, dialogs };
}
