/**
 * Amounts (000 §5, §9) as operators type them: required; at most 22 characters; digits with an optional decimal
 * part of 1 or 2 digits after a dot or a comma ("26717.23", "26717,23"), or es-AR thousands dots with an optional
 * decimal comma ("26.717,23", "1.500", "1.500,50"). A single dot followed by exactly three digits is a thousands
 * separator ("1.500" is one thousand five hundred); any other single dot is the decimal point ("26717.23", "1.5").
 * The GraphQL `Decimal` scalar takes a string with exactly two decimals: see `parseAmount`.
 *
 * Plain functions only (no yup): lists read their amount filters with them without loading the form rules.
 */
import { INPUT_MAX } from './limits.js';
import {
  compareMoney,
  formatMoney,
  parseMoneyText,
  toDecimalString,
  toUpstreamNumber,
  type MoneyLike,
} from './money.js';
import { MESSAGES } from './messages.js';
import { trimmed } from './text.js';

/** Digits, then optionally '.' or ',' and 1 or 2 digits. */
export const AMOUNT_PATTERN = /^\d+(?:[.,]\d{1,2})?$/;

/** es-AR thousands: 1-3 digits, groups of '.' and three digits, then optionally ',' and 1 or 2 digits. */
const GROUPED_AMOUNT_PATTERN = /^\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?$/;

/** The amount in plain notation ('26.717,23' -> '26717.23', '1.500' -> '1500'); undefined when not an amount. */
function plainAmount(text: string): string | undefined {
  if (GROUPED_AMOUNT_PATTERN.test(text)) return text.replace(/\./g, '').replace(',', '.');
  if (AMOUNT_PATTERN.test(text)) return text.replace(',', '.');
  return undefined;
}

function amountText(value: unknown): string {
  // A number given by a program (not typed) is read in plain notation: 1234.5 -> '1234.5'.
  return trimmed(value);
}

/**
 * The one reading of a typed amount: what the operator typed as the `Decimal` text ('26.717,23',
 * '26717,23' and a pasted '26717.23' all read '26717.23'), or null when it is not an amount. No length rule
 * (`checkAmount` adds it); whether it must be positive is the caller's rule.
 */
export function readAmount(value: unknown): string | null {
  const plain = plainAmount(amountText(value));
  return plain === undefined ? null : toDecimalString(parseMoneyText(plain)!);
}

/**
 * A Decimal as an operator types it in es-AR ('169178.46' -> '169.178,46'): the text an amount field opens with,
 * which `readAmount` reads back to the same Decimal.
 */
export function amountInputText(value: MoneyLike): string {
  return formatMoney(value).replace('$ ', '');
}

/** Amount: '*Campo requerido.', the format message, or '*Máximo 22 caracteres.'. */
export function checkAmount(value: unknown): string | undefined {
  const text = amountText(value);
  if (text === '') return MESSAGES.required;
  if (plainAmount(text) === undefined) return MESSAGES.amountFormat;
  if (text.length > INPUT_MAX) return MESSAGES.inputMaxLength;
  return undefined;
}

/** An amount that must be more than zero: `checkAmount`, then '*El importe debe ser mayor a cero.'. */
export function checkPositiveAmount(value: unknown): string | undefined {
  return checkAmount(value) ?? (readAmount(value) === '0.00' ? MESSAGES.amountPositive : undefined);
}

/** True when `checkAmount` accepts the value. */
export function isAmount(value: unknown): boolean {
  return checkAmount(value) === undefined;
}

/**
 * Normalises a valid amount to the `Decimal` scalar's form: dot separator,
 * exactly two decimals, no leading zeros ('1234,5' -> '1234.50', '007' -> '7.00').
 * Throws a RangeError with the Spanish message when the amount is invalid.
 */
export function parseAmount(text: unknown): string {
  const message = checkAmount(text);
  if (message !== undefined) throw new RangeError(message);
  return readAmount(text)!;
}

/**
 * An amount range ('Importe desde' / 'Importe hasta'): the message when both are amounts and 'desde' is above
 * 'hasta' (compared as decimals), else undefined (an empty or malformed end is its own field's message).
 */
export function checkAmountRange(from: unknown, to: unknown): string | undefined {
  if (!isAmount(from) || !isAmount(to)) return undefined;
  return compareMoney(parseAmount(from), parseAmount(to)) > 0 ? MESSAGES.amountRangeInverted : undefined;
}

/**
 * Subscription amount prompt ('Por favor ingrese el Importe', 000 §5): the same
 * format (es-AR thousands too) without the upper bound; the value is parsed as a number.
 */
export function checkSubscriptionAmount(value: unknown): string | undefined {
  const text = amountText(value);
  if (text === '') return MESSAGES.required;
  return readAmount(text) === null ? MESSAGES.amountFormat : undefined;
}

/** Parses a valid subscription amount to a number; throws a RangeError otherwise. */
export function parseSubscriptionAmount(text: unknown): number {
  const message = checkSubscriptionAmount(text);
  if (message !== undefined) throw new RangeError(message);
  return toUpstreamNumber(readAmount(text)!);
}
