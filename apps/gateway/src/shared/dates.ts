/** `YYYY-MM-DDTHH:mm:ss.sssZ` with plausible field ranges: what `Date.prototype.toISOString()` writes (years 0-9999). */
const CANONICAL_ISO =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** Days of `month` (1-12) of the proleptic Gregorian `year`. */
const daysIn = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : month === 4 || month === 6 || month === 9 || month === 11
      ? 30
      : 31;

/**
 * True when `value` is exactly what `new Date(value).toISOString()` returns, so it can be passed on unparsed: the
 * upstream contract sends dates in that form, and parsing and printing the ~15 dates of each payment cost the list
 * (50 payments) measurable CPU.
 */
export function isCanonicalIso(value: string): boolean {
  if (value.length !== 24 || !CANONICAL_ISO.test(value)) return false;
  const day = (value.charCodeAt(8) - 48) * 10 + (value.charCodeAt(9) - 48);
  if (day <= 28) return true;
  const year = Number(value.slice(0, 4));
  const month = (value.charCodeAt(5) - 48) * 10 + (value.charCodeAt(6) - 48);
  return day <= daysIn(year, month);
}

/**
 * Dates as clients write them (the DateTime scalar, the /files date parameters): a day, optionally a time and an
 * offset. `Date` alone is too lenient for input: it rolls 2026-02-31 over to March 3, reads T24:00 as the next
 * day and takes the year 0000, none of which an operator meant.
 */
const ISO_INPUT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The instant an ISO 8601 input names, or why not: 'format' (not ISO 8601) or 'calendar' (a day, hour or minute
 * that does not exist, or a year before 0001, also once moved to UTC).
 */
export function readIsoInput(text: string): Date | 'format' | 'calendar' {
  const parts = ISO_INPUT.exec(text);
  if (!parts) return 'format';
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts.slice(1).map((p) => Number(p ?? 0));
  if (year! < 1 || month! < 1 || month! > 12 || day! < 1 || day! > daysIn(year!, month!)) return 'calendar';
  if (hour > 23 || minute > 59 || second > 59) return 'calendar';
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return 'format';
  return date.getUTCFullYear() < 1 ? 'calendar' : date;
}

const INSTANT_PARAM = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;

/** Rule of a /files date parameter (`desde`, `hasta`): a full ISO 8601 instant with its offset, on a real day. */
export const instantParam = {
  test: (value: string): boolean => INSTANT_PARAM.test(value) && readIsoInput(value) instanceof Date,
};

/** Upstream date text -> ISO 8601 (UTC) or null when absent or unreadable. */
export function toIsoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && isCanonicalIso(value)) return value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
