/** The multipart fields of an import request: collector, match flags (with the exclusivity rule). */
import { notFound, validationError } from '../../lib/errors.js';
import type { CollectorStore } from '../collector/store.js';
import type { MatchFlags } from './store.js';

const flag = (value: unknown, name: string): boolean => {
  if (value === undefined || value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  throw validationError('invalid_match_flag', `El campo ${name} debe ser true o false.`);
};

/** match_payer, match_concept and match_identification from text fields; 422 when identification is mixed. */
export function matchFlags(fields: Record<string, unknown>): MatchFlags {
  const flags = {
    match_payer: flag(fields.match_payer, 'match_payer'),
    match_concept: flag(fields.match_concept, 'match_concept'),
    match_identification: flag(fields.match_identification, 'match_identification'),
  };
  if (flags.match_identification && (flags.match_payer || flags.match_concept)) {
    throw validationError(
      'invalid_match_options',
      'El match por identificación no puede combinarse con el de pagador o concepto.',
    );
  }
  return flags;
}

/** The collector id of the request, which must exist (404 otherwise). */
export function collectorOf(value: unknown, collectors: CollectorStore): string {
  const id = typeof value === 'string' ? value.trim() : '';
  if (!id) throw validationError('collector_required', 'Falta la entidad (collector_id).');
  if (!collectors.get(id)) throw notFound('collector_not_found', `No existe la entidad ${id}.`);
  return id;
}
