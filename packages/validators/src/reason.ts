/**
 * Reasons typed in dialogs: cancel (000 §5, 'Ingrese el motivo'), withdrawal
 * reject ('Motivo de rechazo', 001 §5), import cancel, distribution reject.
 * Dialogs proceed only when a non-blank value is entered.
 */
import './locale.js';
import * as yup from 'yup';
import { MESSAGES } from './messages.js';
import { trimmed } from './text.js';
import { stringField } from './yup-helpers.js';

/** Required reason, trimmed: 'Disculpe, debe ingresar el motivo'. */
export function checkReason(value: unknown): string | undefined {
  return trimmed(value) === '' ? MESSAGES.reasonRequired : undefined;
}

/** The reason to send: trimmed text, or undefined when blank (nothing to send). */
export function normalizeReason(value: unknown): string | undefined {
  const text = trimmed(value);
  return text === '' ? undefined : text;
}

export const reasonSchema = stringField(checkReason, 'reason');

/** Cancel-reason dialog values { reason }. */
export const cancelReasonSchema = yup.object({ reason: reasonSchema });
/** Withdrawal reject dialog ('Motivo de rechazo'), sent as status_detail. */
export const withdrawalRejectSchema = yup.object({ reason: reasonSchema });
export type ReasonValues = yup.InferType<typeof cancelReasonSchema>;
