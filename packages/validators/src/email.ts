/** E-mail addresses: payer forms (001 §5) and the send-receipt dialog (001 §5). */
import './locale.js';
import * as yup from 'yup';
import { MESSAGES } from './messages.js';
import { trimmed } from './text.js';
import { stringField } from './yup-helpers.js';

/**
 * local@domain.tld: the local part uses the characters RFC 5322 allows unquoted
 * (no leading, trailing or doubled dot); the domain is dot-separated labels of
 * letters, digits and inner hyphens, ending in a top-level domain of 2+ letters.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Longest address SMTP accepts. */
export const EMAIL_MAX_LENGTH = 254;

/** True when the trimmed value is an e-mail address (see `EMAIL_PATTERN`). */
export function isEmail(value: unknown): boolean {
  const text = trimmed(value);
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
}

/** Payer form e-mail: 'El email es requerido', 'El email no tiene formato correcto'. */
export function checkPayerEmail(value: unknown): string | undefined {
  if (trimmed(value) === '') return MESSAGES.emailRequired;
  return isEmail(value) ? undefined : MESSAGES.emailPattern;
}

/** Payer reference e-mail: optional, but 'El email no tiene formato correcto' when wrong. */
export function checkOptionalEmail(value: unknown): string | undefined {
  if (trimmed(value) === '') return undefined;
  return isEmail(value) ? undefined : MESSAGES.emailPattern;
}

/** Send-receipt e-mail: 'Campo requerido', 'Email inválido'. */
export function checkReceiptEmail(value: unknown): string | undefined {
  if (trimmed(value) === '') return MESSAGES.receiptEmailRequired;
  return isEmail(value) ? undefined : MESSAGES.receiptEmailInvalid;
}

export const payerEmailSchema = stringField(checkPayerEmail, 'payerEmail');
export const optionalEmailSchema = stringField(checkOptionalEmail, 'optionalEmail');

/** Send-receipt dialog ('Comprobante', voucher payload { email }). */
export const sendReceiptSchema = yup.object({
  email: stringField(checkReceiptEmail, 'receiptEmail'),
});
export type SendReceiptValues = yup.InferType<typeof sendReceiptSchema>;
