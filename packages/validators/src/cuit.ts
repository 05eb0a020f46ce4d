/**
 * CUIT / CUIL (000 §5): 11 digits after removing dashes and underscores (input
 * masks leave '_'), the last one a weighted modulo-11 check digit:
 * weights 5,4,3,2,7,6,5,4,3,2 over digits 1-10; remainder 0 -> 0,
 * remainder 1 -> 9, otherwise 11 - remainder.
 */
import { CUIT_LENGTH } from './limits.js';
import { MESSAGES } from './messages.js';
import { isDigits } from './text.js';
import { stringField } from './yup-helpers.js';
import { isValidCuit, normalizeCuit } from './cuit-text.js';

export { buildCuit, cuitCheckDigit, formatCuit, isValidCuit, normalizeCuit } from './cuit-text.js';

/**
 * CUIT (000 §5, change-payment-method transfer holder): '*Campo requerido.',
 * '*Solo números.', 'La cantidad de caracteres para CUIT es 11',
 * 'El número de CUIT no es válido'.
 */
export function checkCuit(value: unknown): string | undefined {
  const cuit = normalizeCuit(value);
  if (cuit === '') return MESSAGES.required;
  if (!isDigits(cuit)) return MESSAGES.digitsOnly;
  if (cuit.length !== CUIT_LENGTH) return MESSAGES.cuitLength;
  if (!isValidCuit(cuit)) return MESSAGES.cuitInvalid;
  return undefined;
}

/** yup field for a CUIT (see `checkCuit`); dashes and underscores are accepted. */
export const cuitSchema = stringField(checkCuit, 'cuit');
