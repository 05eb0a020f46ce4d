/**
 * Dates of the simulated platform. Argentina has no daylight saving time: its offset is a fixed
 * UTC-03:00, so "today" and "this month" are computed in that zone. Dates are written as UTC ISO
 * strings (`toISOString()`), which compare chronologically as strings.
 */
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
const AR_OFFSET_MS = -3 * HOUR_MS;

/** Start of the current day in Argentina, as epoch ms. */
export function startOfTodayAr(now: number = Date.now()): number {
  const local = now + AR_OFFSET_MS;
  return local - (((local % DAY_MS) + DAY_MS) % DAY_MS) - AR_OFFSET_MS;
}

/** Start of the calendar month (Argentina) that contains `instant`. */
export function startOfMonthAr(instant: number): number {
  const local = new Date(instant + AR_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - AR_OFFSET_MS;
}

/** Start of the calendar month (Argentina) `months` months before the one that contains `instant`. */
export function monthsBackAr(instant: number, months: number): number {
  let start = startOfMonthAr(instant);
  for (let step = 0; step < months; step++) start = startOfMonthAr(start - 1);
  return start;
}

/** `YYYY-MM` of the month (Argentina) that contains `instant`. */
export function periodAr(instant: number): string {
  const { month, year } = monthYearAr(instant);
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Day of the month (1-31) in Argentina. */
export function dayOfMonthAr(instant: number): number {
  return new Date(instant + AR_OFFSET_MS).getUTCDate();
}

/** Month (1-12) and year in Argentina. */
export function monthYearAr(instant: number): { month: number; year: number } {
  const local = new Date(instant + AR_OFFSET_MS);
  return { month: local.getUTCMonth() + 1, year: local.getUTCFullYear() };
}

export const iso = (ms: number): string => new Date(ms).toISOString();
