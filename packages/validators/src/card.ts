/** Card number and expiration (000 §5, §9). */
import { CARD_MAX, CARD_MIN } from './limits.js';
import { MESSAGES } from './messages.js';
import { normalizeMonthYear } from './month-year.js';
import { isDigits, trimmed } from './text.js';
import { stringField } from './yup-helpers.js';

/** Card number: '*Campo requerido.', '*Solo números.', 13 to 19 digits. */
export function checkCardNumber(value: unknown): string | undefined {
  const text = trimmed(value);
  if (text === '') return MESSAGES.required;
  if (!isDigits(text)) return MESSAGES.digitsOnly;
  if (text.length < CARD_MIN || text.length > CARD_MAX) return MESSAGES.cardNumberLength;
  return undefined;
}

/** MM/YYYY: month 01-12, four-digit year. */
export const CARD_EXPIRATION_PATTERN = /^(0[1-9]|1[0-2])\/(\d{4})$/;

export interface CardExpiration {
  /** Two digits, '01' to '12' (the payload's expiration_month). */
  month: string;
  /** Four digits (the payload's expiration_year). */
  year: string;
}

/**
 * What the operator typed as an expiration (1/2027, 01/27, 0127...) as 'MM/YYYY', or undefined when it is
 * not a month and year.
 */
export const normalizeCardExpiration = (value: unknown): string | undefined => normalizeMonthYear(value);

/** Splits 'MM/YYYY' into month and year, or undefined when the format is wrong. */
export function parseCardExpiration(value: unknown): CardExpiration | undefined {
  const match = CARD_EXPIRATION_PATTERN.exec(trimmed(value));
  if (match === null) return undefined;
  return { month: match[1] ?? '', year: match[2] ?? '' };
}

/** Joins month and year into 'MM/YYYY' (month padded: 3 -> '03'). */
export function formatCardExpiration(month: string | number, year: string | number): string {
  return `${String(month).trim().padStart(2, '0')}/${String(year).trim()}`;
}

/** Expiration: '*Campo requerido.' or the MM/AAAA format message. */
export function checkCardExpiration(value: unknown): string | undefined {
  const text = trimmed(value);
  if (text === '') return MESSAGES.required;
  if (parseCardExpiration(text) === undefined) return MESSAGES.cardExpirationFormat;
  return undefined;
}

/**
 * True when the card expired before `now`'s month (a card is valid through the
 * last day of its expiration month). Uses `now`'s local calendar month.
 */
export function isCardExpired(expiration: CardExpiration, now: Date): boolean {
  const year = Number(expiration.year);
  const month = Number(expiration.month);
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

/**
 * Expiration that must also not be in the past at `now`:
 * format messages as `checkCardExpiration`, then '*La tarjeta está vencida.'.
 */
export function checkCardExpirationNotPast(value: unknown, now: Date): string | undefined {
  const formatMessage = checkCardExpiration(value);
  if (formatMessage !== undefined) return formatMessage;
  const expiration = parseCardExpiration(value);
  if (expiration !== undefined && isCardExpired(expiration, now)) return MESSAGES.cardExpired;
  return undefined;
}

/** yup field for a card number. */
export const cardNumberSchema = stringField(checkCardNumber, 'cardNumber');

/**
 * yup field for a card expiration 'MM/YYYY' that is not in the past.
 * The reference date is `context.now` (a Date) when given, otherwise the
 * current date.
 */
export const cardExpirationSchema = stringField(checkCardExpiration, 'cardExpiration').test({
  name: 'cardNotExpired',
  skipAbsent: true,
  test(value, ctx) {
    const context: unknown = ctx.options.context;
    const given =
      context !== null && typeof context === 'object' ? (context as { now?: unknown }).now : undefined;
    const now = given instanceof Date ? given : new Date();
    const expiration = parseCardExpiration(value);
    if (expiration === undefined) return true; // reported by the format check
    return isCardExpired(expiration, now) ? ctx.createError({ message: MESSAGES.cardExpired }) : true;
  },
});
