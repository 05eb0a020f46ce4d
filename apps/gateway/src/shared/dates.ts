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

/** Upstream date text -> ISO 8601 (UTC) or null when absent or unreadable. */
export function toIsoDate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && isCanonicalIso(value)) return value;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
