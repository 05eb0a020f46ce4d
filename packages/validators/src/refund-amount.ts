/**
 * Refund amount (000 §2 'Ingrese Importe', §5 amount rules, §7 refund with amount and partial flag):
 * the amount format of `checkAmount`, greater than 0 and at most what is left to refund. Smaller than
 * what is left is a partial refund. Decimal strings only, never float arithmetic.
 */
import { checkAmount, parseAmount } from './amount.js';
import { compareMoney, formatMoney, isPositiveMoney, type MoneyLike } from './money.js';
import { stringField } from './yup-helpers.js';

export const REFUND_AMOUNT_MESSAGES = {
  positive: '*El importe debe ser mayor a 0.',
  overRemaining: (remaining: MoneyLike) =>
    `*El importe no puede superar el saldo a devolver (${formatMoney(remaining)}).`,
} as const;

/** The Spanish message when `value` is not a valid refund amount for `remaining`, or undefined. */
export function checkRefundAmount(value: unknown, remaining: MoneyLike): string | undefined {
  const format = checkAmount(value);
  if (format !== undefined) return format;
  const amount = parseAmount(value);
  if (!isPositiveMoney(amount)) return REFUND_AMOUNT_MESSAGES.positive;
  if (compareMoney(amount, remaining) > 0) return REFUND_AMOUNT_MESSAGES.overRemaining(remaining);
  return undefined;
}

/** True when a valid refund amount is smaller than what is left (the refund is sent with partial: true). */
export function isPartialRefund(amount: MoneyLike, remaining: MoneyLike): boolean {
  return compareMoney(amount, remaining) < 0;
}

/** yup field for the refund amount against `remaining` (keeps the text; convert with `parseAmount`). */
export function refundAmountSchema(remaining: MoneyLike) {
  return stringField((value) => checkRefundAmount(value, remaining), 'refundAmount');
}
