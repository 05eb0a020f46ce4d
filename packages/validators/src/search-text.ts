/**
 * The global search's text classifier (issue 30): what an operator types in 'Buscar en el back-office' is
 * recognised by its shape, so the gateway asks only the services that can answer it.
 *
 * - an e-mail: a payer (lower case);
 * - 11 digits, with or without dashes, whose check digit is right: a CUIT/CUIL (payers, transfers);
 * - 22 digits (spaces or dashes allowed) with both BCRA check digits: a CBU (withdrawal batches);
 * - 1 to 10 digits: an id (payments, subscriptions, payers, collectors, imports, withdrawals, batches,
 *   distributions, presentations);
 * - any other text of 3 or more characters: a name (collectors, payers).
 * Anything else is `invalid` with the Spanish message the dialog shows; nothing is looked up for it.
 */
import { isValidCbu } from './cbu.js';
import { isValidCuit } from './cuit.js';
import { isEmail } from './email.js';

export type SearchTextShape =
  | { kind: 'empty' }
  | { kind: 'id'; value: string }
  | { kind: 'email'; value: string }
  | { kind: 'cuit'; value: string }
  | { kind: 'cbu'; value: string }
  | { kind: 'name'; value: string }
  | { kind: 'invalid'; message: string };

export type SearchTextKind = SearchTextShape['kind'];

/** Most characters the search field takes (a longer text is refused before any lookup). */
export const SEARCH_TEXT_MAX_LENGTH = 100;
/** Fewest characters of a name search. */
export const SEARCH_NAME_MIN_LENGTH = 3;
/** Most digits of an id. */
const ID_MAX_DIGITS = 10;

export const SEARCH_TEXT_MESSAGES = {
  tooLong: `Escribí como máximo ${SEARCH_TEXT_MAX_LENGTH} caracteres.`,
  email: 'El e-mail no tiene formato correcto.',
  cuit: 'El CUIT/CUIL no es válido: revisá el dígito verificador.',
  cbu: 'El CBU no es válido: revisá sus dígitos verificadores.',
  digits: 'Un número de búsqueda es un id (hasta 10 dígitos), un CUIT/CUIL (11) o un CBU (22).',
  short: `Escribí al menos ${SEARCH_NAME_MIN_LENGTH} caracteres para buscar por nombre.`,
} as const;

const invalid = (message: string): SearchTextShape => ({ kind: 'invalid', message });

/** Classifies a search text (see the module comment). Never throws. */
export function classifySearchText(input: unknown): SearchTextShape {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return { kind: 'empty' };
  if (text.length > SEARCH_TEXT_MAX_LENGTH) return invalid(SEARCH_TEXT_MESSAGES.tooLong);
  if (text.includes('@')) {
    return isEmail(text) ? { kind: 'email', value: text.toLowerCase() } : invalid(SEARCH_TEXT_MESSAGES.email);
  }
  if (/^[\d\s.-]+$/.test(text) && /\d/.test(text)) {
    const digits = text.replace(/\D/g, '');
    const separated = digits.length !== text.length;
    if (digits.length === 22) {
      return isValidCbu(digits) ? { kind: 'cbu', value: digits } : invalid(SEARCH_TEXT_MESSAGES.cbu);
    }
    if (digits.length === 11) {
      return isValidCuit(digits) ? { kind: 'cuit', value: digits } : invalid(SEARCH_TEXT_MESSAGES.cuit);
    }
    if (!separated && digits.length <= ID_MAX_DIGITS) return { kind: 'id', value: digits };
    return invalid(SEARCH_TEXT_MESSAGES.digits);
  }
  if (text.length < SEARCH_NAME_MIN_LENGTH) return invalid(SEARCH_TEXT_MESSAGES.short);
  return { kind: 'name', value: text.replace(/\s+/g, ' ') };
}
