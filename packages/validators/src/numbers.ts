/** Number input (000 §5): required, digits only, at most 22 characters. */
import { INPUT_MAX } from './limits.js';
import { MESSAGES } from './messages.js';
import { isDigits, trimmed } from './text.js';
import { stringField } from './yup-helpers.js';

/** Number input: '*Campo requerido.', '*Solo números.', '*Máximo 22 caracteres.'. */
export function checkNumberInput(value: unknown): string | undefined {
  const text = trimmed(value);
  if (text === '') return MESSAGES.required;
  if (!isDigits(text)) return MESSAGES.digitsOnly;
  if (text.length > INPUT_MAX) return MESSAGES.inputMaxLength;
  return undefined;
}

/** Optional digits-only input: empty is valid, otherwise digits only ('*Solo números.'). */
export function checkOptionalDigits(value: unknown): string | undefined {
  const text = trimmed(value);
  if (text === '') return undefined;
  return isDigits(text) ? undefined : MESSAGES.digitsOnly;
}

/** yup field for a number input (see `checkNumberInput`). */
export const numberInputSchema = stringField(checkNumberInput, 'numberInput');
