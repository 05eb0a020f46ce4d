/**
 * What identifier inputs keep of what an operator types or pastes: people copy a CUIT as
 * '20-12345678-6' or '20 12345678 6' and a card number in groups of four, so the inputs take the digits and drop
 * the separators; letters and signs are not accepted by digits-only fields (a BIN, accreditation days). Nothing is
 * cut here: a number too long or too short is left for the field's check, which says so in Spanish.
 * The web's inputs (apps/web/src/components/form/identifier-field.tsx) hold the cleaned value and send it.
 */
import { CUIT_LENGTH } from './limits.js';
import { onlyDigits } from './text.js';

/** A digits-only field: every character that is not a digit dropped ('12a3-4' -> '1234'). */
export function cleanDigitsInput(value: unknown): string {
  return onlyDigits(value);
}

/**
 * A CBU as typed or pasted, as its field keeps it: digits only, like the CUIT beside it ('12ab34' ->
 * '1234'); the separators people copy it with ('2850-5909 40090418135201') dropped. Its length and check digits
 * are `checkCbu`'s.
 */
export function cleanCbuInput(value: unknown): string {
  return onlyDigits(value);
}

/** A CUIT/CUIL as typed or pasted, reduced to its digits ('20-12345678-6' -> '20123456786'). */
export function cleanCuitInput(value: unknown): string {
  return onlyDigits(value);
}

/**
 * How a CUIT input shows the digits it holds, dashes added as the operator types: '20' -> '20',
 * '2012345' -> '20-12345', '20123456786' -> '20-12345678-6'. More than 11 digits are shown as they are (the
 * length check explains).
 */
export function formatCuitInput(digits: string): string {
  if (digits.length > CUIT_LENGTH || digits.length <= 2) return digits;
  if (digits.length <= 10) return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}

/** A card number as typed or pasted, spaces and dashes removed ('4509 9535 6623 3704' -> '4509953566233704'). */
export function cleanCardNumberInput(value: unknown): string {
  return onlyDigits(value);
}
