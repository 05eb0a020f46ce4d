/**
 * Calendar days in Argentine time (America/Argentina/Buenos_Aires), for rules that compare dates by day
 * ("overdue": a last due date before today). Formatting with Intl costs microseconds per call, which a rule
 * evaluated for every row of a page multiplies: the start of today is found once and each date is
 * then compared as a number.
 */
import { ARGENTINE_TIME_ZONE } from '@backoffice/validators';

export { ARGENTINE_TIME_ZONE };

const HOUR = 3_600_000;
/** No calendar day is shorter than this (a day with a daylight-saving change is 23 hours). */
const SHORTEST_DAY = 23 * HOUR;

export interface DayClock {
  /** The calendar day of an instant in the zone, as `YYYY-MM-DD`. */
  day(instant: number | Date): string;
  /** The first instant (epoch ms) of the calendar day that contains `now`. */
  dayStart(now: number | Date): number;
  /** `day(instant) < day(today)`, without formatting either (one number comparison once today's start is known). */
  isBeforeDay(instant: number, today: number | Date): boolean;
}

/**
 * Days of `timeZone`. `usualOffsetHours`: the zone's offset from UTC (-3 for Argentina), tried first; any other
 * rule (a daylight-saving day, a future change) is found by a search, so the answer never depends on the guess.
 */
export function dayClock(timeZone: string, usualOffsetHours: number): DayClock {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone });
  const day = (instant: number | Date): string => format.format(instant);
  let cachedStart: number | null = null;

  /** The first instant on `today`, at or before `at` (which is on `today`). */
  const firstInstantOf = (today: string, at: number): number => {
    const [year, month, date] = today.split('-').map(Number) as [number, number, number];
    const guess = Date.UTC(year, month - 1, date, -usualOffsetHours);
    if (guess <= at && day(guess) === today && day(guess - 1) < today) return guess;
    // The smallest instant in (at - 48 h, at] already on `today` (days only move forward).
    let low = at - 48 * HOUR;
    let high = at;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (day(middle) < today) low = middle;
      else high = middle;
    }
    return high;
  };

  const dayStart = (now: number | Date): number => {
    const at = typeof now === 'number' ? now : now.getTime();
    if (cachedStart !== null && at >= cachedStart && at - cachedStart < SHORTEST_DAY) return cachedStart;
    cachedStart = firstInstantOf(day(at), at);
    return cachedStart;
  };

  return { day, dayStart, isBeforeDay: (instant, today) => instant < dayStart(today) };
}

const argentina = dayClock(ARGENTINE_TIME_ZONE, -3);

/** The Argentine calendar day of an instant, as `YYYY-MM-DD`. */
export const argentineDay = argentina.day;
/** The first instant (epoch ms) of the Argentine calendar day that contains `now`. */
export const argentineDayStart = argentina.dayStart;
/** True when `instant` falls on an earlier Argentine calendar day than `today`. */
export const isBeforeArgentineDay = argentina.isBeforeDay;

/**
 * An instant as the screens write it, in Argentine time: `dd/MM/yyyy HH:mm:ss`, for the files the gateway writes.
 * The validators' writer, shared with the services' files, so both write a date the same way.
 */
export { argentineDateTime } from '@backoffice/validators';
