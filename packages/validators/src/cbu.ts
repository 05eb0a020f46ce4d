/**
 * CBU (Clave Bancaria Uniforme, 000 §5, 001 §9): 22 digits in two blocks, each
 * ending in a check digit (BCRA algorithm).
 *   Block 1 = digits 1-8 (entity 3, branch 4, check digit): weights 7,1,3,9,7,1,3
 *   over digits 1-7; digit 8 = (10 - sum % 10) % 10.
 *   Block 2 = digits 9-22 (account 13, check digit): weights 3,9,7,1,3,9,7,1,3,9,7,1,3
 *   over its digits 1-13; its digit 14 = (10 - sum % 10) % 10.
 */
import { CBU_LENGTH } from './limits.js';
import { MESSAGES } from './messages.js';
import { isDigits, trimmed } from './text.js';
import { stringField } from './yup-helpers.js';

const BLOCK1_WEIGHTS = [7, 1, 3, 9, 7, 1, 3] as const;
const BLOCK2_WEIGHTS = [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3] as const;

function weightedCheckDigit(digits: string, weights: readonly number[]): number {
  if (digits.length !== weights.length || !isDigits(digits)) {
    throw new RangeError(`Se esperaban ${weights.length} dígitos`);
  }
  let sum = 0;
  for (let i = 0; i < weights.length; i += 1) sum += Number(digits[i]) * (weights[i] ?? 0);
  return (10 - (sum % 10)) % 10;
}

/** True when both check digits of a 22-digit CBU are right. */
export function hasValidCbuCheckDigits(cbu: string): boolean {
  if (cbu.length !== CBU_LENGTH || !isDigits(cbu)) return false;
  const block1 = cbu.slice(0, 8);
  const block2 = cbu.slice(8);
  return (
    weightedCheckDigit(block1.slice(0, 7), BLOCK1_WEIGHTS) === Number(block1[7]) &&
    weightedCheckDigit(block2.slice(0, 13), BLOCK2_WEIGHTS) === Number(block2[13])
  );
}

/** True when the (trimmed) text is a 22-digit CBU with both check digits right. */
export function isValidCbu(value: unknown): boolean {
  return hasValidCbuCheckDigits(trimmed(value));
}

/**
 * Builds a valid CBU from the entity and branch (7 digits) and the account
 * (13 digits), inserting both check digits (seed data, tests).
 */
export function buildCbu(entityAndBranch: string, account: string): string {
  const first = weightedCheckDigit(entityAndBranch, BLOCK1_WEIGHTS);
  const second = weightedCheckDigit(account, BLOCK2_WEIGHTS);
  return `${entityAndBranch}${first}${account}${second}`;
}

/**
 * CBU: '*Campo requerido.', '*Solo números.', '*El CBU debe tener 22 dígitos.',
 * then 'El CBU no es válido' when a check digit is wrong.
 */
export function checkCbu(value: unknown): string | undefined {
  const text = trimmed(value);
  if (text === '') return MESSAGES.required;
  if (!isDigits(text)) return MESSAGES.digitsOnly;
  if (text.length !== CBU_LENGTH) return MESSAGES.cbuLength;
  if (!hasValidCbuCheckDigits(text)) return MESSAGES.cbuInvalid;
  return undefined;
}

/** yup field for a CBU (see `checkCbu`). */
export const cbuSchema = stringField(checkCbu, 'cbu');
