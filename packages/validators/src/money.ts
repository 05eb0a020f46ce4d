/**
 * Money, in one place for the gateway, the web and the validators: decimal arithmetic (decimal.js-light),
 * never float arithmetic. Amounts travel as the GraphQL `Decimal` string with exactly two decimals
 * ("1234.50"); rounding is half away from zero (1.005 -> 1.01, -12.345 -> -12.35).
 *
 * - Upstream numbers are read through their shortest round-trip text (what the JSON said): 1.005 stays 1.005.
 * - Operator text: digits with an optional 1-2 digit decimal part after a dot or a comma ("1234,5").
 * - Shown to the operator as "$ 1.234,56" (negatives "-$ 1.234,56").
 */
import DecimalModule, { type Decimal as DecimalClass } from 'decimal.js-light';

// Node loads the CommonJS build (its default import is the constructor, which also carries `.default`); bundlers
// load decimal.mjs (default export = the constructor). TypeScript under NodeNext types the default import as the
// module, so the constructor is picked explicitly.
const DecimalBase = ((DecimalModule as unknown as { default?: typeof DecimalClass }).default ??
  DecimalModule) as typeof DecimalClass;

const Decimal = DecimalBase.clone({
  precision: 60,
  rounding: DecimalBase.ROUND_HALF_UP,
  toExpNeg: -60,
  toExpPos: 60,
});

/** An exact decimal amount. */
export type Money = InstanceType<typeof Decimal>;

/** What the helpers accept: a Money, a Decimal string, or an upstream JSON number. */
export type MoneyLike = Money | string | number;

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * An amount from the upstream or from code: a finite number, or a numeric string (a decimal comma is read as
 * the point). Throws a TypeError for anything else.
 */
export function money(value: MoneyLike): Money {
  if (value instanceof Decimal) return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a finite amount: ${value}`);
    return new Decimal(String(value));
  }
  if (typeof value === 'string') {
    const text = value.trim().replace(',', '.');
    if (!NUMERIC.test(text)) throw new TypeError(`not an amount: ${JSON.stringify(value)}`);
    return new Decimal(text);
  }
  throw new TypeError(`not an amount: ${typeof value}`);
}

/** money(), but null / undefined / '' are null (an absent amount). */
export function moneyOrNull(value: unknown): Money | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'number' && typeof value !== 'string' && !(value instanceof Decimal)) {
    throw new TypeError(`not an amount: ${typeof value}`);
  }
  return money(value as MoneyLike);
}

const TYPED = /^-?\d+(?:[.,]\d{1,2})?$/;

/**
 * What an operator (or a GraphQL client) typed: digits with an optional 1-2 digit decimal part after a dot or a
 * comma ("1234", "1234,5", "1234.56"), an optional leading '-'. Thousands separators are refused ("1.234"
 * could be read two ways). null when the text is not such an amount or has more than `maxIntegerDigits`
 * integer digits. Whether it must be positive is the caller's rule.
 */
export function parseMoneyText(text: unknown, maxIntegerDigits = Infinity): Money | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const trimmed = String(text).trim();
  if (!TYPED.test(trimmed)) return null;
  const integerDigits = trimmed.replace(/^-/, '').split(/[.,]/)[0]!.length;
  if (integerDigits > maxIntegerDigits) return null;
  return new Decimal(trimmed.replace(',', '.'));
}

/** The GraphQL Decimal text: exactly two decimals, rounded half away from zero, never "-0.00". */
export function toDecimalString(value: MoneyLike): string {
  const text = money(value).toFixed(2);
  return /^-0\.00$/.test(text) ? '0.00' : text;
}

/** A number whose shortest text has at most two decimals ("1234.5"): its Decimal text needs no arithmetic. */
const PLAIN_CENTS = /^-?(?:0|[1-9]\d*)(?:\.\d{1,2})?$/;

/** An upstream amount (number or string) as the Decimal text; null / undefined / '' -> null; else throws. */
export function decimalFromUpstream(value: unknown): string | null {
  if (typeof value === 'number') {
    // Fast path for what upstreams send (every amount of every row of a list): the same text, padded.
    const text = String(value);
    if (PLAIN_CENTS.test(text)) {
      const dot = text.indexOf('.');
      return dot < 0 ? `${text}.00` : dot === text.length - 2 ? `${text}0` : text;
    }
  }
  const amount = moneyOrNull(value);
  return amount === null ? null : toDecimalString(amount);
}

/** The amount as the upstream JSON number (rounded to cents first, so it is the shortest form of cents). */
export const toUpstreamNumber = (value: MoneyLike): number => Number(toDecimalString(value));

/** The amount as the upstream JSON string with two decimals. */
export const toUpstreamString = (value: MoneyLike): string => toDecimalString(value);

export const addMoney = (a: MoneyLike, b: MoneyLike): Money => money(a).plus(money(b));
export const subMoney = (a: MoneyLike, b: MoneyLike): Money => money(a).minus(money(b));

/** -1, 0 or 1. */
export const compareMoney = (a: MoneyLike, b: MoneyLike): -1 | 0 | 1 => money(a).cmp(money(b)) as -1 | 0 | 1;

/** The sum of the amounts (0 for none). */
export const sumMoney = (values: readonly MoneyLike[]): Money =>
  values.reduce<Money>((total, v) => total.plus(money(v)), new Decimal(0));

export function minMoney(first: MoneyLike, ...rest: MoneyLike[]): Money {
  return rest.reduce<Money>((low, v) => (money(v).lt(low) ? money(v) : low), money(first));
}

export function maxMoney(first: MoneyLike, ...rest: MoneyLike[]): Money {
  return rest.reduce<Money>((high, v) => (money(v).gt(high) ? money(v) : high), money(first));
}

export const isPositiveMoney = (value: MoneyLike): boolean => money(value).gt(0);

/** "$ 1.234,56" (ARS, es-AR separators, two decimals rounded half away from zero); negatives "-$ 1.234,56". */
export function formatMoney(value: MoneyLike): string {
  const text = toDecimalString(value);
  const negative = text.startsWith('-');
  const [integer = '0', cents = '00'] = (negative ? text.slice(1) : text).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}$ ${grouped},${cents}`;
}
