import { screenHasListSearch } from '@/components/list-page/list-search-key';

/** What a shortcut needs on the screen to work; none: it works everywhere. */
export type ShortcutCondition = 'listSearch' | 'grid';

/** Every keyboard shortcut of the back-office, as 'Atajos de teclado' lists them ('?'). */
export const SHORTCUTS: ReadonlyArray<{
  keys: readonly string[];
  action: string;
  when?: ShortcutCondition;
}> = [
  { keys: ['Ctrl + K', '⌘ + K'], action: 'Buscar en el back-office (desde cualquier pantalla)' },
  { keys: ['?'], action: 'Mostrar los atajos de teclado' },
  { keys: ['/'], action: 'Ir al campo de búsqueda de la lista', when: 'listSearch' },
  { keys: ['↑', '↓'], action: 'Moverse entre las filas de la lista', when: 'grid' },
  { keys: ['Enter'], action: 'Abrir el detalle de la fila elegida', when: 'grid' },
  { keys: ['Esc'], action: 'Cerrar el diálogo abierto (el foco vuelve a donde estaba)' },
];

const CONDITIONS: Record<ShortcutCondition, () => boolean> = {
  listSearch: screenHasListSearch,
  grid: () => document.querySelector('main [role="grid"]') !== null,
};

/** The shortcuts that work on the screen shown: '/' only with a list's search field, and so on. */
export const shortcutsOfScreen = () =>
  SHORTCUTS.filter((shortcut) => !shortcut.when || CONDITIONS[shortcut.when]());
