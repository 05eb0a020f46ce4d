import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/es';

dayjs.extend(utc);
dayjs.extend(timezone);
// dayjs speaks Spanish wherever it formats (the pickers' adapter is given `adapterLocale="es"` too).
dayjs.locale('es');

/**
 * The platform's clock: every date an operator reads, filters or downloads is in Argentine time, whatever the
 * browser's zone (Argentina keeps UTC-03:00 all year).
 */
export const ARGENTINA_TZ = 'America/Argentina/Buenos_Aires';

/** A moment seen in Argentine time. */
export const inArgentina = (date: Date | Dayjs | string | number = new Date()): Dayjs =>
  dayjs(date).tz(ARGENTINA_TZ);

export { dayjs, type Dayjs };
