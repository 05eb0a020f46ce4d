/**
 * Count phrases: the one rule for "1 pago" / "2 pagos" in every message that counts, web and
 * gateway. Spanish takes the singular for exactly one and the plural for every other count, 0 included
 * ("0 pagos", "0 con error"); counts are written with es-AR grouping ("1.500 pagos").
 */

/** A noun's two forms: { one: 'pago', many: 'pagos' }. The web's ItemNoun is one. */
export interface CountNoun {
  one: string;
  many: string;
}

const COUNT_FORMAT = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 });

/** A count as an operator reads it: 1500 -> '1.500'. */
export function formatCount(count: number): string {
  return COUNT_FORMAT.format(count);
}

/**
 * One of two phrases by the count, '{n}' replaced by the formatted count:
 * `countPhrase(1, 'Se emitirá {n} pago', 'Se emitirán {n} pagos')` -> 'Se emitirá 1 pago'.
 */
export function countPhrase(count: number, one: string, many: string): string {
  return (count === 1 ? one : many).split('{n}').join(formatCount(count));
}

/** '1 pago' / '2 pagos' / '1.500 pagos' / '0 pagos'. */
export function countOf(count: number, noun: CountNoun): string {
  return `${formatCount(count)} ${count === 1 ? noun.one : noun.many}`;
}
