/**
 * Gateway batch reconciliation dialog (001 §5): description is free text; the compensation amount is an amount as
 * every other amount field reads it (es-AR decimals, cents included: docs/decisions.md, "Service-payment batches").
 * Either left empty keeps the batch's value.
 */
import './locale.js';
import * as yup from 'yup';
import { checkAmount, readAmount } from './amount-text.js';
import { trimmed } from './text.js';
import { stringField } from './yup-helpers.js';

/**
 * Compensation amount: empty (keeps the batch's value) or an amount ('26.717,23', '26717,23', the Decimal
 * '26717.23'); the spec's 'digits only' read the peso amount operators type with its cents, so no sign and at most
 * two decimals, as `checkAmount`.
 */
export function checkCompensationAmount(value: unknown): string | undefined {
  return trimmed(value) === '' ? undefined : checkAmount(value);
}

/** The compensation amount as the `Decimal` sent ('26.717,23' -> '26717.23'); null when empty or not an amount. */
export function compensationAmountOf(value: unknown): string | null {
  return checkCompensationAmount(value) === undefined && trimmed(value) !== '' ? readAmount(value) : null;
}

export const gatewayReconciliationSchema = yup.object({
  description: yup.string().nullable(),
  compensationAmount: stringField(checkCompensationAmount, 'compensationAmount'),
});

export interface GatewayReconciliationValues {
  description?: string | null;
  compensationAmount?: string | number | null;
}

/**
 * The reconciliation payload: an empty field falls back to the batch's
 * existing value (001 §5).
 */
export function toReconciliationPayload(
  values: GatewayReconciliationValues,
  existing: { description?: string | null; compensation_amount?: string | number | null },
): { description: string | null; compensation_amount: string | number | null } {
  const description = trimmed(values.description);
  const amount = trimmed(values.compensationAmount);
  return {
    description: description === '' ? (existing.description ?? null) : description,
    compensation_amount: amount === '' ? (existing.compensation_amount ?? null) : amount,
  };
}
