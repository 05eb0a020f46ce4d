/** Small text helpers shared by the checks. Pure, no DOM, no Node. */

/**
 * The text of an input value: strings as they are, finite numbers in plain
 * decimal notation, anything else (null, undefined, objects) as ''.
 */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'bigint') return value.toString();
  return '';
}

/** The trimmed text of an input value (see `toText`). */
export function trimmed(value: unknown): string {
  return toText(value).trim();
}

/** True when the value is absent or only whitespace. */
export function isBlank(value: unknown): boolean {
  return trimmed(value) === '';
}

/**
 * True when a value counts as chosen: not null/undefined, not blank text, not
 * NaN. Objects (an autocomplete's selected option) and booleans count as chosen.
 */
export function isPresent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return !Number.isNaN(value);
  return true;
}

const DIGITS = /^\d+$/;

/** True when the text is one or more ASCII digits (0-9) and nothing else. */
export function isDigits(text: string): boolean {
  return DIGITS.test(text);
}

/** Removes every character that is not an ASCII digit (for keystroke filters). */
export function onlyDigits(value: unknown): string {
  return toText(value).replace(/\D+/g, '');
}
