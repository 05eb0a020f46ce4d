/** How an area names its items in the shared texts: { one: 'pago', many: 'pagos' }. */
export interface ItemNoun {
  one: string;
  many: string;
}

/** '1 pago seleccionado' / '3 pagos seleccionados'. */
export function selectedCountText(noun: ItemNoun, count: number): string {
  return count === 1 ? `1 ${noun.one} seleccionado` : `${count} ${noun.many} seleccionados`;
}

/** 'Pago 1000123': how one item is named before its own message. */
export function itemTitle(noun: ItemNoun, id: string): string {
  return `${noun.one.charAt(0).toUpperCase()}${noun.one.slice(1)} ${id}`;
}
