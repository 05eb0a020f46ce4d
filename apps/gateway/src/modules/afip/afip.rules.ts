import type { Filter } from '../../upstream/filters.js';
import type {
  Permission,
  PresentationActionKind,
  PresentationSortField,
} from '../../generated/resolvers-types.js';
import { defineActions } from '../../shared/actions.js';
import { permissionOf } from '../../shared/mutation-permissions.js';
import type { PresentationModel } from './afip.mappers.js';

const ONLY_CREATED = 'Solo disponible para presentaciones en estado creada.';

/** Who may download the file: the DOWNLOAD action and the file route of index.ts read this one statement. */
export const DOWNLOAD_REQUIRES = ['AFIP_DOWNLOAD'] as const satisfies readonly Permission[];

/**
 * The toolbar of /afip/{id} (spec 001 §2, §4, §6): download ZIP (AFIP_DOWNLOAD), present and present manually
 * (AFIP_DELIVER) and re-process (AFIP_REPROCESS) only in created; reload always.
 */
export const presentationActions = defineActions<PresentationActionKind, PresentationModel>({
  kinds: ['DOWNLOAD', 'PRESENT', 'PRESENT_MANUAL', 'REPROCESS', 'RELOAD'],
  permissions: {
    DOWNLOAD: { requires: DOWNLOAD_REQUIRES, reason: 'Requiere el permiso de descarga de presentaciones.' },
    PRESENT: permissionOf('presentPresentation', 'Requiere el permiso de presentación.'),
    PRESENT_MANUAL: permissionOf('presentPresentationManually', 'Requiere el permiso de presentación.'),
    REPROCESS: permissionOf('reprocessPresentation', 'Requiere el permiso de re-proceso.'),
    RELOAD: null,
  },
  availableOnPreviousVersion: ['DOWNLOAD', 'PRESENT', 'PRESENT_MANUAL', 'REPROCESS', 'RELOAD'],
  previousVersionReason: '',
  isCurrentVersion: () => true,
  stateReason: (kind, doc) =>
    (kind === 'PRESENT' || kind === 'PRESENT_MANUAL' || kind === 'REPROCESS') && doc.status !== 'CREATED'
      ? ONLY_CREATED
      : null,
});

/** Sort fields of the list: their upstream names. */
export const PRESENTATION_SORTS: Readonly<Record<PresentationSortField, string>> = {
  CREATED_DATE: 'created_date',
  ID: 'id',
  PERIOD: 'period',
  FORM_NAME: 'file_structure.form_name',
  VERSION: 'file_structure.version',
  FILE_NAME: 'file_name',
  AFIP_TRANSACTION_ID: 'afip_transaction_id',
  DELIVERY_DATE: 'delivery_date',
  STATUS: 'status',
};

const PERIOD = /^(\d{4})-(0[1-9]|1[0-2])$/;
/** Year choices start at 2020 (spec 001 §9). */
export const FIRST_PERIOD_YEAR = 2020;

/** A period YYYY-MM from 2020 to the current month (Argentina); else the Spanish reason. */
export function periodProblem(period: string, now: Date = new Date()): string | null {
  const match = PERIOD.exec(period);
  if (!match) return 'El período debe tener el formato AAAA-MM.';
  const local = new Date(now.getTime() - 3 * 3_600_000);
  const current = local.getUTCFullYear() * 12 + local.getUTCMonth();
  const asked = Number(match[1]) * 12 + Number(match[2]) - 1;
  if (Number(match[1]) < FIRST_PERIOD_YEAR) return `El período debe ser de ${FIRST_PERIOD_YEAR} en adelante.`;
  if (asked > current) return 'El período no puede ser posterior al mes actual.';
  return null;
}

/**
 * What the list's search looks in, one filter set per field (the service has no OR; the resolver
 * merges them with `unionList`): all digits, the presentation id or part of the AFIP transaction id (transaction ids
 * may be digits only); any other text, part of the file name or of the transaction id. No text: one empty set.
 */
export function presentationSearchFilters(search: string | null): Filter[][] {
  if (!search) return [[]];
  const transaction: Filter = { field: 'afip_transaction_id', operation: 'CONTAINS', value: search };
  if (/^\d+$/.test(search)) return [[{ field: 'id', operation: 'EQUAL', value: search }], [transaction]];
  return [[{ field: 'file_name', operation: 'CONTAINS', value: search }], [transaction]];
}
