import type { ItemNoun } from '../dialogs/item-noun';

/** What a list says of itself: the failure's title, the empty list's message and the grid's accessible name. */
export interface ListTexts {
  errorTitle: string;
  emptyMessage: string;
  ariaLabel: string;
}

const capitalize = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/**
 * A list's texts in the words every list uses, from its noun: 'No se pudieron cargar las presentaciones',
 * 'No se encontraron presentaciones', 'Presentaciones'.
 */
export function listTextsOf(noun: ItemNoun): ListTexts {
  return {
    errorTitle: `No se pudieron cargar ${noun.gender === 'feminine' ? 'las' : 'los'} ${noun.many}`,
    emptyMessage: `No se encontraron ${noun.many}`,
    ariaLabel: capitalize(noun.many),
  };
}
