/**
 * Instants as operators read them, in Argentine time (America/Argentina/Buenos_Aires): `dd/MM/yyyy HH:mm:ss`, the
 * web's `formatDateTime`. One writer for every file the product hands an operator (the gateway's reports, the
 * services' exports and withdrawal files), so a file says what the screen says.
 */
export const ARGENTINE_TIME_ZONE = 'America/Argentina/Buenos_Aires';

const DATE_TIME_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: ARGENTINE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `dd/MM/yyyy HH:mm:ss` in Argentine time; null when missing or not a date. */
export function argentineDateTime(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const part = Object.fromEntries(DATE_TIME_PARTS.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}:${part.second}`;
}
