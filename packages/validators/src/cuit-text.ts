/**
 * CUIT / CUIL (000 §5): 11 digits after removing dashes and underscores (input
 * masks leave '_'), the last one a weighted modulo-11 check digit:
 * weights 5,4,3,2,7,6,5,4,3,2 over digits 1-10; remainder 0 -> 0,
 * remainder 1 -> 9, otherwise 11 - remainder.
 *
 * Plain functions only (no yup): screens show CUITs with them without loading the form rules.
 */
import { CUIT_LENGTH } from './limits.js';
import { isDigits, toText } from './text.js';

const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Removes dashes, underscores and whitespace (as people copy it): '20-17254359-7', '20 17254359 7' -> '20172543597'. */
export function normalizeCuit(value: unknown): string {
  return toText(value).replace(/[-_\s]/g, '');
}

/** The check digit for the first 10 digits of a CUIT. Throws a RangeError on bad input. */
export function cuitCheckDigit(firstTen: string): number {
  if (firstTen.length !== CUIT_WEIGHTS.length || !isDigits(firstTen)) {
    throw new RangeError('Se esperaban 10 dígitos');
  }
  let sum = 0;
  for (let i = 0; i < CUIT_WEIGHTS.length; i += 1) sum += Number(firstTen[i]) * (CUIT_WEIGHTS[i] ?? 0);
  const remainder = sum % 11;
  if (remainder === 0) return 0;
  if (remainder === 1) return 9;
  return 11 - remainder;
}

/** Appends the check digit to the first 10 digits (seed data, tests). */
export function buildCuit(firstTen: string): string {
  return `${firstTen}${cuitCheckDigit(firstTen)}`;
}

/** True when the value, normalised, is 11 digits with the right check digit. */
export function isValidCuit(value: unknown): boolean {
  const cuit = normalizeCuit(value);
  if (cuit.length !== CUIT_LENGTH || !isDigits(cuit)) return false;
  return cuitCheckDigit(cuit.slice(0, 10)) === Number(cuit[10]);
}

/** Formats 11 digits as 'XX-XXXXXXXX-X'; other input is returned normalised. */
export function formatCuit(value: unknown): string {
  const cuit = normalizeCuit(value);
  if (cuit.length !== CUIT_LENGTH || !isDigits(cuit)) return cuit;
  return `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}`;
}
