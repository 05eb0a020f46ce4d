/**
 * Amounts (000 §5, §9): required; digits with an optional decimal part of 1 or
 * 2 digits, separated by a dot or a comma; at most 22 characters. The GraphQL
 * `Decimal` scalar takes a string with exactly two decimals: see `parseAmount`.
 */
import './locale.js';
import * as yup from 'yup';
import { INPUT_MAX } from './limits.js';
import { parseMoneyText, toDecimalString, toUpstreamNumber } from './money.js';
import { MESSAGES } from './messages.js';
import { trimmed } from './text.js';
import { stringField } from './yup-helpers.js';

/** Digits, then optionally '.' or ',' and 1 or 2 digits. */
export const AMOUNT_PATTERN = /^\d+(?:[.,]\d{1,2})?$/;

function amountText(value: unknown): string {
  // A number given by a program (not typed) is read in plain notation: 1234.5 -> '1234.5'.
  return trimmed(value);
}

/** Amount: '*Campo requerido.', the format message, or '*Máximo 22 caracteres.'. */
export function checkAmount(value: unknown): string | undefined {
  const text = amountText(value);
  if (text === '') return MESSAGES.required;
  if (!AMOUNT_PATTERN.test(text)) return MESSAGES.amountFormat;
  if (text.length > INPUT_MAX) return MESSAGES.inputMaxLength;
  return undefined;
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
  return toDecimalString(parseMoneyText(amountText(text))!);
}

/** yup field for an amount (keeps the text; convert with `parseAmount`). */
export const amountSchema = stringField(checkAmount, 'amount');

/**
 * Subscription amount prompt ('Por favor ingrese el Importe', 000 §5): the same
 * format without the upper bound; the value is parsed as a number.
 */
export function checkSubscriptionAmount(value: unknown): string | undefined {
  const text = amountText(value);
  if (text === '') return MESSAGES.required;
  if (!AMOUNT_PATTERN.test(text)) return MESSAGES.amountFormat;
  return undefined;
}

/** Parses a valid subscription amount to a number; throws a RangeError otherwise. */
export function parseSubscriptionAmount(text: unknown): number {
  const message = checkSubscriptionAmount(text);
  if (message !== undefined) throw new RangeError(message);
  return toUpstreamNumber(parseMoneyText(amountText(text))!);
}

/**
 * yup number schema for the subscription amount prompt: accepts '1234,5' or
 * '1234.5' (or a number) and yields 1234.5; no upper bound.
 */
export const subscriptionAmountSchema = yup
  .number()
  .transform((_value: unknown, original: unknown) => {
    if (typeof original === 'number') {
      return checkSubscriptionAmount(original) === undefined ? original : Number.NaN;
    }
    if (trimmed(original) === '') return undefined;
    return checkSubscriptionAmount(original) === undefined ? parseSubscriptionAmount(original) : Number.NaN;
  })
  .typeError(MESSAGES.amountFormat)
  .required(MESSAGES.required);
