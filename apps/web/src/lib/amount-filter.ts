import { checkAmount, parseAmount } from '@backoffice/validators';

/**
 * An amount filter as the operator types it, read by the one amount parser of `@backoffice/validators`
 * ("26717.23", "26717,23", "26.717,23", "1.500", "1.500,50"; a single '.' before exactly three digits groups
 * thousands). An empty field is no filter.
 */

/** The message under the field, or undefined when the text is empty or an amount. */
export function amountFilterError(text: string): string | undefined {
  return text.trim() === '' ? undefined : checkAmount(text);
}

/** The `Decimal` the gateway is asked for ('1.500' -> '1500.00'); null when empty or not an amount. */
export function amountFilterValue(text: string): string | null {
  return text.trim() !== '' && checkAmount(text) === undefined ? parseAmount(text) : null;
}
