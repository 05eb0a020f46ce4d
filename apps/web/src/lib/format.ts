/**
 * The one place where amounts and dates become text for the operator (es-AR).
 * Amounts: "$ 1.234,56" (ARS, two decimals). Dates: dd/MM/yyyy, dd/MM/yyyy HH:mm:ss, dd/MM/yy, in local time.
 */

const amountFormat = new Intl.NumberFormat('es-AR', {
  style: 'currency',
  currency: 'ARS',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

const DECIMAL_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Formats a Decimal (a string such as "1234.50", never a float) as "$ 1.234,56".
 * The string goes to Intl unchanged, so large amounts keep every digit.
 * A number is accepted too. Missing values give ''; anything that is not a number is returned as it came.
 */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return normalizeSpaces(amountFormat.format(value));
  }
  const trimmed = value.trim();
  if (!DECIMAL_PATTERN.test(trimmed)) return value;
  // Intl.NumberFormat v3 reads numeric strings as exact decimals.
  return normalizeSpaces(amountFormat.format(trimmed as Intl.StringNumericLiteral));
}

/** Intl separates the symbol with a no-break space; the operator-facing text uses a plain space ("$ 1.234,56"). */
function normalizeSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
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
