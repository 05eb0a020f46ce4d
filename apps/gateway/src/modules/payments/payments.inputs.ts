/**
 * Input checks of the payment mutations (ids, reasons and idempotency keys: shared/inputs.ts), with the same rules and Spanish messages as the web's forms
 * (@backoffice/validators). Any failure is a BAD_USER_INPUT naming the field, before any upstream call.
 */
import { checkReceiptEmail } from '@backoffice/validators';
import { badUserInput } from '../../errors.js';

/** Optional addressee of the payer notification: when present, an e-mail ('Email inválido'). */
export function checkAddressee(addressee: unknown, field = 'addressee'): string | null {
  if (addressee === null || addressee === undefined || String(addressee).trim() === '') return null;
  const message = checkReceiptEmail(addressee);
  if (message) throw badUserInput(`${message} (${field}).`, field);
  return String(addressee).trim().toLowerCase();
}

/** The change-payment-method input and payload are shared with subscriptions (shared/payment-method-change.ts). */
export { methodChangeBody, type MethodChangeBody } from '../../shared/payment-method-change.js';
