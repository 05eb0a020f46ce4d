import { countOf } from '@backoffice/validators';

/**
 * How an area names its items in the shared texts, with the noun's grammatical gender so the words that agree
 * with it do: { one: 'pago', many: 'pagos', gender: 'masculine' } ('1 pago seleccionado', 'al menos un pago'),
 * { one: 'suscripción', many: 'suscripciones', gender: 'feminine' } ('1 suscripción seleccionada', 'al menos una
 * suscripción').
 */
export interface ItemNoun {
  one: string;
  many: string;
  gender: 'masculine' | 'feminine';
}

const capitalize = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** 'seleccionado', 'seleccionada', 'seleccionados', 'seleccionadas'. */
function selected(noun: ItemNoun, plural: boolean): string {
  return `seleccionad${noun.gender === 'feminine' ? 'a' : 'o'}${plural ? 's' : ''}`;
}

/** '1 pago seleccionado' / '3 pagos seleccionados'; '1 suscripción seleccionada' / '3 suscripciones seleccionadas'. */
export function selectedCountText(noun: ItemNoun, count: number): string {
  return `${countOf(count, noun)} ${selected(noun, count !== 1)}`;
}

/** 'Pagos seleccionados' / 'Suscripciones seleccionadas': the name of a list of the selected items. */
export function selectedItemsLabel(noun: ItemNoun): string {
  return `${capitalize(noun.many)} ${selected(noun, true)}`;
}

/** 'Seleccione al menos un pago.' / 'Seleccione al menos una suscripción.' */
export function atLeastOneText(noun: ItemNoun): string {
  return `Seleccione al menos ${noun.gender === 'feminine' ? 'una' : 'un'} ${noun.one}.`;
}

/** 'Pago 1000123': how one item is named before its own message. */
export function itemTitle(noun: ItemNoun, id: string): string {
  return `${capitalize(noun.one)} ${id}`;
}
