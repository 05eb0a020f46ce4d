/**
 * An approval rule an admin proposes ('Aprobaciones' › 'Políticas'): the money mutation it names, the amounts that
 * hold a move (pesos as typed, read by the one amount reader, never a float) and the approvals a held move needs.
 * The web's form and the gateway's input check read the same messages.
 */
import './locale.js';
import * as yup from 'yup';
import { checkPositiveAmount, readAmount } from './amount-text.js';
import { MESSAGES } from './messages.js';
import { trimmed } from './text.js';
import { collectErrors, mixedField, stringField, type FieldErrors } from './yup-helpers.js';

/** Most approvals a rule may ask for a held move. */
export const POLICY_APPROVALS_MAX = 5;

/** Most integer digits of a rule's amount (the deployment's APPROVAL_POLICIES allow as many). */
const POLICY_AMOUNT_DIGITS = 15;

export const APPROVAL_POLICY_MESSAGES = {
  action: '*Elija la operación que la regla retiene.',
  unknownAction: '*La operación debe ser un movimiento de dinero que una regla pueda retener.',
  amountDigits: `*El importe puede tener hasta ${POLICY_AMOUNT_DIGITS} cifras enteras.`,
  approvals: `*Las aprobaciones deben ser un número entero de 1 a ${POLICY_APPROVALS_MAX}.`,
} as const;

/** The action: required, and one of `actions` (the money mutations a rule may name). */
export function checkPolicyAction(value: unknown, actions: readonly string[]): string | undefined {
  const text = trimmed(value);
  if (text === '') return APPROVAL_POLICY_MESSAGES.action;
  return actions.includes(text) ? undefined : APPROVAL_POLICY_MESSAGES.unknownAction;
}

/** An optional amount of a rule: blank (no bound), or pesos above zero with at most 15 integer digits. */
export function checkPolicyAmount(value: unknown): string | undefined {
  if (trimmed(value) === '') return undefined;
  const refusal = checkPositiveAmount(value);
  if (refusal) return refusal;
  const read = readAmount(value);
  if (read === null) return MESSAGES.amountFormat;
  return read.split('.')[0]!.length > POLICY_AMOUNT_DIGITS
    ? APPROVAL_POLICY_MESSAGES.amountDigits
    : undefined;
}

/** Approvals: a whole number from 1 to 5 (typed text or a number). */
export function checkPolicyApprovals(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : trimmed(value);
  if (!/^\d{1,2}$/.test(text)) return APPROVAL_POLICY_MESSAGES.approvals;
  const approvals = Number(text);
  return approvals >= 1 && approvals <= POLICY_APPROVALS_MAX ? undefined : APPROVAL_POLICY_MESSAGES.approvals;
}

/** The form's values: what the admin typed. */
export interface ApprovalPolicyValues {
  action: string;
  minAmount: string;
  dailyAmount: string;
  approvals: string | number;
}

/** yup schema of a proposed rule, for the actions a rule may name. */
export const approvalPolicySchema = (actions: readonly string[]) =>
  yup.object({
    action: stringField((value) => checkPolicyAction(value, actions), 'action'),
    minAmount: stringField(checkPolicyAmount, 'minAmount'),
    dailyAmount: stringField(checkPolicyAmount, 'dailyAmount'),
    approvals: mixedField<string | number>(checkPolicyApprovals, 'approvals'),
  });

/** Every field's first message, or undefined when the rule may be proposed (the gateway's check). */
export const approvalPolicyErrors = (
  rule: Partial<Record<keyof ApprovalPolicyValues, unknown>>,
  actions: readonly string[],
): FieldErrors | undefined => collectErrors(approvalPolicySchema(actions), rule);
