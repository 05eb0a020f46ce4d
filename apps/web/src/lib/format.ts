import { formatMoney } from '@backoffice/validators';

/**
 * The one place where amounts and dates become text for the operator (es-AR).
 * Amounts: "$ 1.234,56" (ARS, two decimals). Dates: dd/MM/yyyy, dd/MM/yyyy HH:mm:ss, dd/MM/yy, in local time.
 */

const DECIMAL_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Formats a Decimal (a string such as "1234.50", never a float) as "$ 1.234,56" with the one money module of
 * `@backoffice/validators` (exact decimals, half away from zero): large amounts keep every digit.
 * A number is accepted too. Missing values give ''; anything that is not a number is returned as it came.
 */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? formatMoney(value) : '';
  const trimmed = value.trim();
  return DECIMAL_PATTERN.test(trimmed) ? formatMoney(trimmed) : value;
}

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** dd/MM/yyyy in local time; '' when missing or not a date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear(), 4)}`;
}

/** dd/MM/yyyy HH:mm:ss in local time (24 h); '' when missing or not a date. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${formatDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** dd/MM/yy in local time; '' when missing or not a date. */
export function formatShortDate(value: DateInput): string {
  const date = toDate(value);
  if (!date) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${pad(date.getFullYear() % 100)}`;
}
