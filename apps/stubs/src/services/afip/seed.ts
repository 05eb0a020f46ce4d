import { DAY_MS, HOUR_MS, iso, monthsBackAr, periodAr } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import {
  AfipStore,
  presentationFileName,
  type FileStructure,
  type Presentation,
  type PresentationStatus,
} from './store.js';

/** First presentation id: the fixtures of docs/upstream-contract.md ("AFIP") count from here. */
export const FIRST_PRESENTATION_ID = 3001;
export const PRESENTATION_COUNT = 36;

const OPERATORS = ['carolina.benitez', 'martin.gonzalez', 'lucia.fernandez', 'sistema'];

/** The form types (file structures) of the regimes the platform informs. */
const STRUCTURES: readonly Omit<FileStructure, 'created_date'>[] = [
  { id: '1', form_name: 'F8126 Cobranzas por cuenta de terceros', version: '1.0', created_by: 'sistema' },
  { id: '2', form_name: 'F8126 Cobranzas por cuenta de terceros', version: '2.0', created_by: 'sistema' },
  { id: '3', form_name: 'F2002 Operaciones con tarjetas', version: '1.1', created_by: 'sistema' },
  { id: '4', form_name: 'F8125 Pagos electrónicos', version: '3.0', created_by: 'carolina.benitez' },
];

/**
 * Presentations over the last 12 months, newest first by creation date: every status (created, delivered with
 * and without a transaction id longer than 10 characters, reprocess with its reason), deterministic.
 */
export function seedAfip({ rng, today }: SeedContext): AfipStore {
  const structures: FileStructure[] = STRUCTURES.map((s, index) => ({
    ...s,
    created_date: iso(monthsBackAr(today, 24 - index * 2) + 10 * HOUR_MS),
  }));
  const rows: Presentation[] = [];
  for (let i = 0; i < PRESENTATION_COUNT; i++) {
    const id = String(FIRST_PRESENTATION_ID + i);
    const monthsBack = Math.floor(i / 3);
    const created = today - i * 9 * DAY_MS - rng.int(1, 20) * HOUR_MS + 12 * HOUR_MS;
    const period = periodAr(monthsBackAr(created, 1));
    const structure = rng.pick(structures);
    // The first ones (the newest) are created, so an operator always has some to present.
    const status: PresentationStatus =
      i < 6 ? 'created' : i % 7 === 0 ? 'reprocess' : i % 5 === 0 ? 'created' : 'delivered';
    const delivered = status === 'delivered';
    const longTransaction = i % 2 === 0;
    rows.push({
      id,
      afip_transaction_id: delivered ? (longTransaction ? `AFIP-${rng.digits(12)}` : rng.digits(8)) : null,
      period,
      status,
      status_detail: status === 'reprocess' ? 'reprocess_requested' : delivered ? 'accepted' : null,
      created_by: rng.pick(OPERATORS),
      created_date: iso(created),
      file_structure: { id: structure.id, form_name: structure.form_name, version: structure.version },
      file_name: presentationFileName(structure.form_name, period, id),
      delivery_date: delivered ? iso(created + rng.int(1, 48) * HOUR_MS) : null,
      reprocess_date: status === 'reprocess' ? iso(created + (monthsBack + 2) * HOUR_MS) : null,
      reprocess_by: status === 'reprocess' ? rng.pick(OPERATORS) : null,
      reprocess_detail:
        status === 'reprocess'
          ? rng.pick(['Montos del período mal informados', 'CUIT de entidad corregido'])
          : null,
    });
  }
  return new AfipStore(rows, structures);
}
