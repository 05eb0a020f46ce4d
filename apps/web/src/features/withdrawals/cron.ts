/**
 * The cron criterion of a scheduled withdrawal ("Beyond the spec", issue 13): readable presets, the schedule in
 * Spanish words (cronstrue, es locale) and its next runs in Argentine time (cron-parser with the Buenos Aires
 * zone). Never parsed by hand.
 */
import { CronExpressionParser } from 'cron-parser';
import cronstrue from 'cronstrue';
import 'cronstrue/locales/es';
import { ARGENTINA_TZ } from '../../components/pickers';

export interface CronPreset {
  label: string;
  cron: string;
}

export const CRON_PRESETS: readonly CronPreset[] = [
  { label: 'Todos los días a las 09:00', cron: '0 9 * * *' },
  { label: 'De lunes a viernes a las 09:00', cron: '0 9 * * 1-5' },
  { label: 'Todos los lunes a las 09:00', cron: '0 9 * * 1' },
  { label: 'Los días 1 y 15 de cada mes a las 10:00', cron: '0 10 1,15 * *' },
  { label: 'El primer día de cada mes a las 08:00', cron: '0 8 1 * *' },
];

export const CRON_INVALID = 'El criterio de periodicidad no es válido (minuto hora día mes día-de-semana).';

/** Five fields, normalised spaces; the 6-field (seconds) form is not offered. */
const normalize = (cron: string) => cron.trim().replace(/\s+/g, ' ');

/** undefined when the five-field cron is valid, else the Spanish message. */
export function checkCronExpression(cron: string): string | undefined {
  const text = normalize(cron);
  if (text.split(' ').length !== 5) return CRON_INVALID;
  try {
    CronExpressionParser.parse(text, { tz: ARGENTINA_TZ });
    return undefined;
  } catch {
    return CRON_INVALID;
  }
}

/** 'A las 09:00, sólo el lunes'. */
export function describeCron(cron: string): string {
  return cronstrue.toString(normalize(cron), { locale: 'es', use24HourTimeFormat: true });
}

/** The next `count` runs after `now`, in Argentine time. */
export function nextRuns(cron: string, count = 5, now: Date = new Date()): Date[] {
  const expression = CronExpressionParser.parse(normalize(cron), { tz: ARGENTINA_TZ, currentDate: now });
  return expression.take(count).map((run) => run.toDate());
}
