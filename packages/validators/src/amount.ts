/**
 * Amounts (000 §5, §9) as operators type them: required; at most 22 characters; digits with an optional decimal
 * part of 1 or 2 digits after a dot or a comma ("26717.23", "26717,23"), or es-AR thousands dots with an optional
 * decimal comma ("26.717,23", "1.500", "1.500,50"). A single dot followed by exactly three digits is a thousands
 * separator ("1.500" is one thousand five hundred); any other single dot is the decimal point ("26717.23", "1.5").
 * The GraphQL `Decimal` scalar takes a string with exactly two decimals: see `parseAmount`.
 */
import './locale.js';
import * as yup from 'yup';
import { checkAmount, checkSubscriptionAmount, parseSubscriptionAmount } from './amount-text.js';
import { MESSAGES } from './messages.js';
import { trimmed } from './text.js';
import { stringField } from './yup-helpers.js';

export {
  AMOUNT_PATTERN,
  amountInputText,
  checkAmount,
  checkAmountRange,
  checkPositiveAmount,
  checkSubscriptionAmount,
  isAmount,
  parseAmount,
  parseSubscriptionAmount,
  readAmount,
} from './amount-text.js';

/** yup field for an amount (keeps the text; convert with `parseAmount`). */
export const amountSchema = stringField(checkAmount, 'amount');

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
