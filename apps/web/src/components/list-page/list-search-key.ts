import { useEffect, useRef, type RefObject } from 'react';
import { typingInField } from '@/lib/typing-in-field';

/** Marks a list page's section: '?' lists '/' only where one holds a search field (`screenHasListSearch`). */
const SCOPE_ATTRIBUTE = 'data-list-search-scope';

const TEXT_INPUTS = 'input:not([type]), input[type="text"], input[type="search"]';
/** A button that shows a list's search field only on demand (Distribuciones' 'Buscar'). */
const SEARCH_TOGGLE = '[data-list-search-toggle]';
const shown = (element: HTMLElement) => element.getClientRects().length > 0;

/**
 * A list's search field: the field its filters mark (`data-list-search`, the kit's `SearchBar`), else
 * the first text field of its filters that is shown and enabled (never one of the grid's own). Null: none, or a
 * search shown on demand that is hidden (`data-list-search-toggle` on its button, which '/' then presses).
 */
export function listSearchField(scope: ParentNode): HTMLInputElement | null {
  const marked = scope.querySelector<HTMLInputElement>('input[data-list-search]');
  if (marked && shown(marked)) return marked;
  if (scope.querySelector(SEARCH_TOGGLE)) return null;
  return (
    [...scope.querySelectorAll<HTMLInputElement>(TEXT_INPUTS)].find(
      // A select's native input is hidden from everyone (aria-hidden on the input itself, out of the tab order);
      // an ancestor's aria-hidden is not asked: a modal dialog sets it on the whole screen while it is open.
      (input) =>
        !input.disabled &&
        input.tabIndex >= 0 &&
        input.getAttribute('aria-hidden') !== 'true' &&
        !input.closest('[role="grid"]') &&
        shown(input),
    ) ?? null
  );
}

/** Whether the screen shown has a list whose search field '/' focuses (or shows, then focuses). */
export function screenHasListSearch(): boolean {
  return [...document.querySelectorAll(`[${SCOPE_ATTRIBUTE}]`)].some(
    (scope) => listSearchField(scope) ?? scope.querySelector(SEARCH_TOGGLE),
  );
}

/**
 * '/' outside a text field (and with no dialog open) focuses the list's search field and selects its text. Every
 * `<ListPage>` calls it for its section, so a new list has it without a line of its own; where a screen shows
 * several lists, the first with a field takes the key.
 */
export function useListSearchKey<T extends HTMLElement>(): RefObject<T | null> {
  const scope = useRef<T>(null);
  useEffect(() => {
    scope.current?.setAttribute(SCOPE_ATTRIBUTE, '');
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (typingInField(event.target) || document.querySelector('[role="dialog"]')) return;
      const list = scope.current;
      const field = list && listSearchField(list);
      const toggle = list?.querySelector<HTMLElement>(SEARCH_TOGGLE);
      if (field) {
        event.preventDefault();
        field.focus();
        field.select();
      } else if (toggle) {
        // The field shows once the toggle is pressed; it takes the focus as it appears (its own autoFocus).
        event.preventDefault();
        toggle.click();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return scope;
}
