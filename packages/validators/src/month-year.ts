/** A month and year as people type them: 1/2027, 01/2027, 01/27, 0127, 012027. */
import { PERIOD_YEAR_MAX, PERIOD_YEAR_MIN } from './limits.js';
import { toText } from './text.js';

export interface MonthYear {
  /** 1 to 12 */
  month: number;
  /** four digits */
  year: number;
}

const SEPARATED = /^(\d{1,2})\s*[/\-.\s]\s*(\d{2}|\d{4})$/;
const DIGITS_ONLY = /^(\d{2})(\d{2}|\d{4})$/;

/**
 * The month and year of what the operator typed, or undefined: a month of one or two digits, a separator
 * (/ - . or a space) or none (then the month takes two digits), and a year of two (20YY) or four digits.
 * The month must be 01 to 12; the year's range is the caller's rule.
 */
export function parseMonthYear(value: unknown): MonthYear | undefined {
  const text = toText(value).trim();
  const match = SEPARATED.exec(text) ?? DIGITS_ONLY.exec(text);
  if (!match) return undefined;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

/** 'MM/YYYY' */
export function formatMonthYear({ month, year }: MonthYear): string {
  return `${String(month).padStart(2, '0')}/${String(year).padStart(4, '0')}`;
}

/** What the operator typed as 'MM/YYYY', or undefined when it is not a month and year. */
export function normalizeMonthYear(value: unknown): string | undefined {
  const parsed = parseMonthYear(value);
  return parsed ? formatMonthYear(parsed) : undefined;
}

/**
 * A month period typed by an operator as YYYY-MM (the lists' period), or undefined: a real month (01 to 12)
 * of a year from PERIOD_YEAR_MIN to PERIOD_YEAR_MAX (13/2026 and 05/1320 are not periods).
 */
export function parsePeriodInput(value: unknown): string | undefined {
  const parsed = parseMonthYear(value);
  if (!parsed || parsed.year < PERIOD_YEAR_MIN || parsed.year > PERIOD_YEAR_MAX) return undefined;
  return `${parsed.year}-${String(parsed.month).padStart(2, '0')}`;
}
