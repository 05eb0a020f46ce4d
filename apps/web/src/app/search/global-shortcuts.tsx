import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { lazyComponent } from '../../lib/settled';
import { typingInField } from '../../lib/typing-in-field';
import { DataBoundary } from '../data-layer';

// Downloaded the first time either opens: the shell stays small. Shown as soon as it is in (`lazyComponent`: no
// Suspense pause, which held Ctrl+K's dialog back about 300 ms).
const SearchDialog = lazyComponent(() => import('./search-dialog').then((m) => m.default)).Component;
const ShortcutsDialog = lazyComponent(() => import('./shortcuts-dialog').then((m) => m.default)).Component;

interface SearchOpener {
  openSearch: () => void;
}

/**
 * The shortcuts' listener and their dialogs, with their open state: a component of its own, so Ctrl+K, '?' and
 * closing a dialog render it alone, never the shell that holds it ("render only what changes").
 */
function ShortcutDialogs({ opener }: { opener: Ref<SearchOpener> }) {
  const [searchOpen, setSearchOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [loaded, setLoaded] = useState({ search: false, shortcuts: false });
  const openSearch = useCallback(() => {
    setLoaded((current) => (current.search ? current : { ...current, search: true }));
    setShortcutsOpen(false);
    setSearchOpen(true);
  }, []);
  useImperativeHandle(opener, () => ({ openSearch }), [openSearch]);

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
        setLoaded((current) => (current.shortcuts ? current : { ...current, shortcuts: true }));
        setShortcutsOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [openSearch]);

  return (
    <>
      {loaded.search ? (
        <DataBoundary>
          <SearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} />
        </DataBoundary>
      ) : null}
      {loaded.shortcuts ? (
        <ShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
      ) : null}
    </>
  );
}

/**
 * The shell's keyboard shortcuts (the list of them is `SHORTCUTS`, shown by '?'): Ctrl+K / ⌘K opens 'Buscar en el
 * back-office' from any screen (even inside a field); '?' opens 'Atajos de teclado', only outside a text field.
 * '/' is each list's (`useListSearchKey`, components/list-page). Returns the dialogs (to render once) and a stable
 * way to open the search (the top bar's box); the open state lives in the dialogs' own component.
 */
export function useGlobalShortcuts(): { openSearch: () => void; dialogs: ReactNode } {
  const opener = useRef<SearchOpener>(null);
  const openSearch = useCallback(() => opener.current?.openSearch(), []);
  return { openSearch, dialogs: <ShortcutDialogs opener={opener} /> };
}
