import { checkSubscriptionAmount } from '@backoffice/validators';

/** The subscription amount prompt (spec 000 §2 "Dialogs", §5): 'Por favor ingrese el Importe'. */

export const AMOUNT_NOT_POSITIVE = '*El importe debe ser mayor a cero.';

/** The Spanish error of what the operator typed, or undefined when it can be sent (> 0, at most 2 decimals). */
export function amountError(text: string): string | undefined {
  const format = checkSubscriptionAmount(text);
  if (format) return format;
  return /[1-9]/.test(text) ? undefined : AMOUNT_NOT_POSITIVE;
}

/**
 * The `Decimal` the gateway takes ('1234,5' -> '1234.50', '007' -> '7.00'), built from the text without
 * float arithmetic. Call only when `amountError` accepts the text.
 */
export function toDecimalAmount(text: string): string {
  const [integerPart = '0', decimals = ''] = text.trim().split(/[.,]/);
  return `${integerPart.replace(/^0+(?=\d)/, '')}.${decimals.padEnd(2, '0')}`;
}
