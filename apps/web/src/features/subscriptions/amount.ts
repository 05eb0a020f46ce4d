import { checkSubscriptionAmount, MESSAGES, readAmount } from '@backoffice/validators';

/** The subscription amount prompt (spec 000 §2 "Dialogs", §5): 'Por favor ingrese el Importe'. */

/**
 * The Spanish error of what the operator typed, or undefined when it can be sent: an amount as every amount field
 * reads it ('26.717,23', '26717,23', '26717.23'), more than zero, no upper bound.
 */
export function amountError(text: string): string | undefined {
  return checkSubscriptionAmount(text) ?? (readAmount(text) === '0.00' ? MESSAGES.amountPositive : undefined);
}

/** The `Decimal` the gateway takes ('26.717,23' -> '26717.23'). Call only when `amountError` accepts the text. */
export function toDecimalAmount(text: string): string {
  return readAmount(text)!;
}
