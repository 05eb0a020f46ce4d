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

/** An Argentine wall clock's fields, two digits each but the four of the year. */
interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/**
 * Argentine wall clocks through one formatter made once: dayjs's timezone plugin makes the same Intl call and
 * several objects for every date it converts (about 150 µs a date against 9, bench/README.md), and a list formats
 * dozens of dates each time it renders.
 */
const ARGENTINE_CLOCK = new Intl.DateTimeFormat('en-GB', {
  timeZone: ARGENTINA_TZ,
  numberingSystem: 'latn',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** A text naming its zone (Z or ±hh:mm): read by dayjs, as by `new Date`, as that instant. */
const ZONED_TEXT = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The wall clock in Buenos Aires of an instant dayjs would read as `new Date(value)` (a number, a Date, a text with
 * its zone, a text without zone read as the browser's time); null when that instant is invalid; undefined for what
 * dayjs reads otherwise (a calendar day, a year outside 1000–9999), left to `inArgentineTime`.
 */
function argentineWallClock(value: DateInput): WallClock | null | undefined {
  let instant: Date;
  if (value instanceof Date) instant = new Date(value.getTime());
  else if (typeof value === 'number' || (typeof value === 'string' && ZONED_TEXT.test(value))) {
    instant = new Date(value);
  } else if (typeof value === 'string' && !CALENDAR_DAY.test(value) && dayjs(value).isValid()) {
    // A text without zone is a time of the browser's zone, as dayjs reads it; its Argentine clock comes from Intl
    // too: dayjs's `.tz()` is an hour off for an hour after the browser's zone moves its clocks.
    instant = dayjs(value).toDate();
  } else return undefined;
  if (Number.isNaN(instant.getTime())) return null;
  const year = instant.getUTCFullYear();
  if (year < 1001 || year > 9998) return undefined;
  const clock = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of ARGENTINE_CLOCK.formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = part.value;
  }
  return clock;
}

/** `value` in Argentine time by `fast` (its wall clock) or, for what only dayjs reads, by the dayjs `pattern`. */
function formatArgentine(value: DateInput, fast: (clock: WallClock) => string, pattern: string): string {
  const clock = argentineWallClock(value);
  if (clock === null) return '';
  if (clock) return fast(clock);
  return inArgentineTime(value)?.format(pattern) ?? '';
}

const dayText = ({ day, month, year }: WallClock) => `${day}/${month}/${year}`;

/** dd/MM/yyyy in Argentine time; '' when missing or not a date. */
export function formatDate(value: DateInput): string {
  return formatArgentine(value, dayText, 'DD/MM/YYYY');
}

/** dd/MM/yyyy HH:mm:ss in Argentine time (24 h); '' when missing or not a date. */
export function formatDateTime(value: DateInput): string {
  return formatArgentine(
    value,
    (clock) => `${dayText(clock)} ${clock.hour}:${clock.minute}:${clock.second}`,
    'DD/MM/YYYY HH:mm:ss',
  );
}

/** dd/MM/yy in Argentine time; '' when missing or not a date. */
export function formatShortDate(value: DateInput): string {
  return formatArgentine(value, ({ day, month, year }) => `${day}/${month}/${year.slice(2)}`, 'DD/MM/YY');
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
