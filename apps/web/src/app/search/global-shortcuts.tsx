import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { DataBoundary } from '../data-layer';

// Downloaded the first time either opens: the shell stays small.
const SearchDialog = lazy(() => import('./search-dialog'));
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog'));

/** True when the key goes to a text field (a shortcut letter must then be typed, not obeyed). */
export function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(type);
}

/** The field a list marks as its search (`data-list-search` on the field or its wrapper). */
function listSearchField(): HTMLInputElement | null {
  return document.querySelector<HTMLInputElement>(
    'main input[data-list-search], main [data-list-search] input, main input[type="search"]',
  );
}

/**
 * The shell's keyboard shortcuts (the list of them is `SHORTCUTS`, shown by '?'): Ctrl+K / ⌘K opens 'Buscar en el
 * back-office' from any screen (even inside a field); '?' opens 'Atajos de teclado' and '/' focuses the current
 * list's search field, both only outside a text field. Returns the dialogs and a way to open the search (the top
 * bar's button).
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
      } else if (event.key === '/') {
        const field = listSearchField();
        if (field) {
          event.preventDefault();
          field.focus();
          field.select();
        }
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
