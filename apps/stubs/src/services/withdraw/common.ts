/**
 * What the withdraw (transfer list) and withdrawal (authorization) services share: the collector summary a
 * row carries, the seeded request dates (spread over the current and the two previous Argentine months) and
 * the reject reason (`status_detail`) check.
 */
import { requiredText, type Json } from '../../lib/body.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, iso } from '../../lib/dates.js';
import { validationError } from '../../lib/errors.js';
import type { Prng } from '../../lib/prng.js';
import type { Collector, CollectorStore } from '../collector/store.js';

export const MAX_STATUS_DETAIL_LENGTH = 500;

/** The collector as a withdrawal row names it. */
export interface CollectorDetail {
  name: string;
  cuit: string;
  email: string;
}

export const collectorDetail = (collector: Collector): CollectorDetail => ({
  name: collector.name,
  cuit: collector.cuit,
  email: collector.email,
});

/** The active collectors that settle (a withdrawal strategy other than none), XSS fixture excluded. */
export function withdrawingCollectors(collectors: CollectorStore): Collector[] {
  return collectors
    .all()
    .filter((c) => c.status === 'active' && c.withdrawal_strategy !== 'none' && c.id !== '10099');
}

/** A request date `daysAgo` days before today (Argentine working hours). */
export function requestDate(rng: Prng, today: number, daysAgo: number): string {
  return iso(today - daysAgo * DAY_MS + rng.int(9, 17) * HOUR_MS + rng.int(0, 59) * MINUTE_MS);
}

export const REQUEST_USERS = ['tesoreria', 'maria.lopez', 'jperez', 'api-cobranzas', 'supervisor'] as const;

/** The reject body `{status_detail}`: required, at most 500 characters (422 otherwise). */
export function rejectDetail(body: Json): string {
  const detail = requiredText(
    body.status_detail,
    'status_detail_required',
    'Debe indicar el motivo de rechazo (status_detail).',
  );
  if (detail.length > MAX_STATUS_DETAIL_LENGTH) {
    throw validationError(
      'status_detail_too_long',
      `El motivo de rechazo no puede superar los ${MAX_STATUS_DETAIL_LENGTH} caracteres.`,
    );
  }
  return detail;
}

export const nowIso = (): string => new Date().toISOString();
