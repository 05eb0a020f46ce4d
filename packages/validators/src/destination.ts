/** Export filters (001 §5 "Export"): a CBU-or-alias text. */
import { isDigits, trimmed } from './text.js';

export type ClassifiedDestination = { type: 'cbu'; value: string } | { type: 'alias'; value: string };

/**
 * A CBU-or-alias text is a CBU when it is numeric (digits only), otherwise an
 * alias. Trimmed; null when empty.
 */
export function classifyDestination(text: unknown): ClassifiedDestination | null {
  const value = trimmed(text);
  if (value === '') return null;
  return isDigits(value) ? { type: 'cbu', value } : { type: 'alias', value };
}
