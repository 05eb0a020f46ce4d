import { formatMoney } from '@backoffice/validators';
import { ARGENTINA_TZ, dayjs, type Dayjs } from './argentine-time';

/**
 * The one place where amounts and dates become text for the operator (es-AR).
 * Amounts: "$ 1.234,56" (ARS, two decimals). Dates: dd/MM/yyyy, dd/MM/yyyy HH:mm:ss, dd/MM/yy, in Argentine time
 * whatever the browser's zone (lib/argentine-time.ts).
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

/** A calendar day as the services write it (a batch date, a due date): shown as the day it is, never shifted. */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The moment in Argentine time, or the calendar day as written; undefined when missing or not a date. */
function inArgentineTime(value: DateInput): Dayjs | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) {
    const day = dayjs.tz(value, ARGENTINA_TZ);
    return day.isValid() ? day : undefined;
  }
  const moment = dayjs(value);
  return moment.isValid() ? moment.tz(ARGENTINA_TZ) : undefined;
}

/** dd/MM/yyyy in Argentine time; '' when missing or not a date. */
export function formatDate(value: DateInput): string {
  return inArgentineTime(value)?.format('DD/MM/YYYY') ?? '';
}

/** dd/MM/yyyy HH:mm:ss in Argentine time (24 h); '' when missing or not a date. */
export function formatDateTime(value: DateInput): string {
  return inArgentineTime(value)?.format('DD/MM/YYYY HH:mm:ss') ?? '';
}

/** dd/MM/yy in Argentine time; '' when missing or not a date. */
export function formatShortDate(value: DateInput): string {
  return inArgentineTime(value)?.format('DD/MM/YY') ?? '';
}

/**
 * A calendar day a service sends as an instant at midnight UTC (a gateway batch's `batch_date`): dd/MM/yyyy of
 * its UTC date, the day it names (in Argentine time it would be 21:00 of the day before).
 */
export function formatCalendarDate(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  const moment = dayjs.utc(value);
  return moment.isValid() ? moment.format('DD/MM/YYYY') : '';
}
