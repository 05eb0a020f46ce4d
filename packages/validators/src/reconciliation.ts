/**
 * Gateway batch reconciliation dialog (001 §5): description is free text;
 * compensation amount digits only. Either left empty keeps the batch's value.
 */
import './locale.js';
import * as yup from 'yup';
import { checkOptionalDigits } from './numbers.js';
import { trimmed } from './text.js';
import { stringField } from './yup-helpers.js';

/** Compensation amount: empty (keeps the batch's value) or digits only ('*Solo números.'). */
export function checkCompensationAmount(value: unknown): string | undefined {
  return checkOptionalDigits(value);
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
