import { ARGENTINA_TZ, dayjs, inArgentina } from '@/lib/argentine-time';

export { ARGENTINA_TZ, inArgentina };

/**
 * Periods and days in Argentine time, whatever the browser's zone (spec 000 §9: a period runs from day 1 at
 * 00:00:00.000 to its last day at 23:59:59.999, Argentine time). The one home of these rules for every area's
 * filters and pickers.
 */
const PERIOD_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** YYYY-MM */
export function isValidPeriod(value: string | null | undefined): value is string {
  return typeof value === 'string' && PERIOD_PATTERN.test(value);
}

/**
 * 'Mes actual': a month filter's relative choice, the month of the day the list is read in, never a
 * pinned month. It is every month filter's default and, as a default, left out of the address, so a saved view
 * or a link made in November opens December in December. An address may also say it (`periodo=actual`).
 */
export const CURRENT_PERIOD = 'actual';

/** A month filter's value: a month (YYYY-MM) or 'Mes actual'. */
export const isPeriodChoice = (value: string | null | undefined): value is string =>
  value === CURRENT_PERIOD || isValidPeriod(value);

/** The month (YYYY-MM) a month filter's value names on `now`: 'Mes actual' is the month of `now` in Argentina. */
export const resolvePeriod = (period: string, now: Date = new Date()): string =>
  period === CURRENT_PERIOD ? periodOf(now) : period;

/**
 * A list's month filter in its URL (`periodo` or `period`): a month or 'Mes actual' (`actual`); absent or invalid
 * is the default, 'Mes actual', which is never written.
 */
export const monthPeriodParam = (name: string) => ({
  name,
  parse: (params: URLSearchParams, fallback: string = CURRENT_PERIOD): string => {
    const value = params.get(name)?.trim();
    return isPeriodChoice(value) ? value : fallback;
  },
  write(period: string, params: URLSearchParams): void {
    if (period !== CURRENT_PERIOD) params.set(name, period);
  },
});

/** YYYY-MM-DD, a real calendar day. */
export function isValidDay(value: string | null | undefined): value is string {
  return (
    typeof value === 'string' &&
    DAY_PATTERN.test(value) &&
    dayjs(value, 'YYYY-MM-DD').format('YYYY-MM-DD') === value
  );
}

/** The period (YYYY-MM) a moment falls in, in Argentine time. */
export function periodOf(date: Date = new Date()): string {
  return inArgentina(date).format('YYYY-MM');
}

/** The day (YYYY-MM-DD) a moment falls in, in Argentine time. */
export function dayOf(date: Date = new Date()): string {
  return inArgentina(date).format('YYYY-MM-DD');
}

/** A day picker's limits (YYYY-MM-DD, either may be absent): the days it lets the operator choose. */
export interface DayLimits {
  min?: string | null;
  max?: string | null;
}

/**
 * A day read from the address for a picker with limits: a real day (YYYY-MM-DD) brought inside
 * them (`/distribucion?desde=2030-01-01` gives today to a picker whose maximum is today); null for anything that
 * is not a day, so the list falls back to its default.
 */
export function parseDayParam(raw: string | null | undefined, limits: DayLimits = {}): string | null {
  const day = raw?.trim();
  if (!isValidDay(day)) return null;
  if (limits.max && day > limits.max) return limits.max;
  if (limits.min && day < limits.min) return limits.min;
  return day;
}

type DayRangeFilter = { from: string | null; to: string | null };

/**
 * A day of the address as the days filter holds it: the day, none when absent, or the text as given when it is not
 * a day (`desde=2026-13-40`), so that its field says 'Fecha inválida' instead of the filter vanishing silently;
 * `dayFilterInstants` never sends such a text.
 */
const addressDay = (raw: string | null): string | null => {
  const day = raw?.trim();
  return day ? (parseDayParam(day) ?? day) : null;
};

/**
 * Relative days of a days filter: 'hoy' is the day the list is read in, 'hoy-6' six days before it
 * (Argentine days). 'Hoy' is `hoy`–`hoy`, 'Últimos 7 días' `hoy-6`–`hoy`: kept as such in the address and in saved
 * views, so they follow the calendar.
 */
export const TODAY = 'hoy';
const RELATIVE_DAY = /^hoy(?:-(\d{1,3}))?$/;

/** The relative day `days` before today ('hoy' for 0). */
export const daysAgo = (days: number): string => (days === 0 ? TODAY : `${TODAY}-${days}`);

export const isRelativeDay = (day: string | null | undefined): day is string =>
  typeof day === 'string' && RELATIVE_DAY.test(day);

/** The day (YYYY-MM-DD) a days filter's day names on `now`: a relative day counted back from today in Argentina. */
export function resolveDay(day: string, now?: Date): string;
export function resolveDay(day: string | null, now?: Date): string | null;
export function resolveDay(day: string | null, now: Date = new Date()): string | null {
  const relative = day === null ? null : RELATIVE_DAY.exec(day);
  if (!relative) return day;
  return inArgentina(now)
    .subtract(Number(relative[1] ?? 0), 'day')
    .format('YYYY-MM-DD');
}

/** The quick choices of a days filter: the relative ranges an operator may pick, by name. */
export const RELATIVE_DAY_RANGES = [
  { label: 'Hoy', from: TODAY, to: TODAY },
  { label: 'Últimos 7 días', from: daysAgo(6), to: TODAY },
] as const;

/** Whether a day of a days filter is a text that is not a day (one kept from the address by `DAY_RANGE_PARAM`). */
export const isInvalidDayText = (day: string | null): boolean =>
  day !== null && !isValidDay(day) && !isRelativeDay(day);

/**
 * A list's days filter in its URL, as `enumParam` does for a status: its parameters (`desde`, `hasta`), the
 * days they name (a missing one is none, an invalid one kept as given: `addressDay`) and the writing of only the
 * days chosen.
 */
export const DAY_RANGE_PARAM = {
  names: ['desde', 'hasta'] as const,
  parse: (params: URLSearchParams): DayRangeFilter => ({
    from: addressDay(params.get('desde')),
    to: addressDay(params.get('hasta')),
  }),
  write(range: DayRangeFilter, params: URLSearchParams): void {
    if (range.from) params.set('desde', range.from);
    if (range.to) params.set('hasta', range.to);
  },
};

/** The period `months` later (earlier when negative); 'Mes actual' counts from the current month. */
export function shiftPeriod(period: string, months: number): string {
  return dayjs(`${resolvePeriod(period)}-01`)
    .add(months, 'month')
    .format('YYYY-MM');
}

/** Day 1 at 00:00:00.000 to the last day at 23:59:59.999, Argentine time ('Mes actual': the month of now). */
export function periodRange(choice: string, now: Date = new Date()): { from: Date; to: Date } {
  const period = resolvePeriod(choice, now);
  if (!isValidPeriod(period)) throw new Error(`Período inválido: ${period}`);
  const start = dayjs.tz(`${period}-01 00:00:00`, ARGENTINA_TZ);
  return { from: start.toDate(), to: start.add(1, 'month').subtract(1, 'millisecond').toDate() };
}

/** From the start of day `from` to the end of day `to` (YYYY-MM-DD, inclusive), Argentine time. */
export function dayRange(from: string, to: string): { from: Date; to: Date } {
  if (!isValidDay(from) || !isValidDay(to)) throw new Error(`Fechas inválidas: ${from} - ${to}`);
  const start = dayjs.tz(`${from} 00:00:00`, ARGENTINA_TZ);
  const end = dayjs.tz(`${to} 00:00:00`, ARGENTINA_TZ).add(1, 'day').subtract(1, 'millisecond');
  return { from: start.toDate(), to: end.toDate() };
}

const monthFormat = new Intl.DateTimeFormat('es-AR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'marzo de 2025' for '2025-03'; 'noviembre de 2026 (mes actual)' for 'Mes actual'. */
export function periodLabel(period: string, now: Date = new Date()): string {
  if (period === CURRENT_PERIOD) return `${periodLabel(periodOf(now))} (mes actual)`;
  if (!isValidPeriod(period)) return period;
  return monthFormat.format(new Date(`${period}-01T12:00:00Z`));
}

/**
 * A list filter's optional days (YYYY-MM-DD, or relative: `resolveDay`) as ISO instants for the gateway: the start
 * of `from` and the end of `to` in Argentine time; a missing day stays null.
 */
export function dayFilterInstants(
  fromDay: string | null,
  toDay: string | null,
  now: Date = new Date(),
): { from: string | null; to: string | null } {
  const from = resolveDay(fromDay, now);
  const to = resolveDay(toDay, now);
  return {
    from: isValidDay(from) ? dayRange(from, from).from.toISOString() : null,
    to: isValidDay(to) ? dayRange(to, to).to.toISOString() : null,
  };
}
