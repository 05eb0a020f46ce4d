import { IMPORT_STATUS_TEXTS } from '@backoffice/validators';
import { StatusChip } from '@/components/detail/status-chip';
import type { ImportRowStatus } from './gql/graphql';

/** Spanish labels of the import codes (spec 001 §3, §4; the validators' catalogue). Unknown statuses show as they come. */
export const IMPORT_STATUS_LABELS: Readonly<Record<string, string>> = IMPORT_STATUS_TEXTS;

const IMPORT_STATUS_TONES: Readonly<Record<string, 'success' | 'warning' | 'error' | 'default'>> = {
  pending_approved: 'warning',
  approved: 'success',
  cancelled: 'default',
  error: 'error',
};

export const ROW_STATUS_LABELS: Record<ImportRowStatus, string> = {
  ERROR: 'Error',
  PENDING: 'Pendiente',
  ISSUED: 'Emitido',
};

const ROW_STATUS_TONES: Record<ImportRowStatus, 'success' | 'warning' | 'error'> = {
  ERROR: 'error',
  PENDING: 'warning',
  ISSUED: 'success',
};

/** The import status: its Spanish label, its colour, and the style class of spec 001 §4 (`status-pending-approved`). */
export function ImportStatusChip({ status, statusClass }: { status: string; statusClass: string }) {
  return (
    <StatusChip
      label={IMPORT_STATUS_LABELS[status] ?? status}
      tone={IMPORT_STATUS_TONES[status]}
      code={status}
      className={`status-${statusClass}`}
    />
  );
}

/**
 * A pending row of a cancelled import will never be issued: it reads 'Cancelada', with why. The
 * service keeps such rows `pending` (spec 001 §4 has no other row status).
 */
export const CANCELLED_ROW = {
  label: 'Cancelada',
  detail: 'No se emitió: la importación fue cancelada',
} as const;

/** Whether a row of an import in `importStatus` reads as cancelled. */
export const rowCancelled = (status: ImportRowStatus, importStatus: string): boolean =>
  status === 'PENDING' && importStatus === 'cancelled';

export function RowStatusChip({
  status,
  cancelled = false,
}: {
  status: ImportRowStatus;
  cancelled?: boolean;
}) {
  return (
    <StatusChip
      label={cancelled ? CANCELLED_ROW.label : ROW_STATUS_LABELS[status]}
      tone={cancelled ? 'default' : ROW_STATUS_TONES[status]}
      code={cancelled ? 'cancelled' : status.toLowerCase()}
    />
  );
}

export const IMPORTS_MESSAGES = {
  requestTitle: 'Importar pagos',
  listTitle: 'Importaciones',
  detailTitle: 'Detalle de importación',
  conversionTitle: 'Detalle de conversión',
  emptyImports: 'No se encontraron importaciones',
  emptyRows: 'No se encontraron solicitudes de importaciones.',
  notImported: 'No se realizó la importación, revisar los errores',
  confirmTitle: 'Solicitar importacion',
  confirmMessage: '¿Esta seguro que desea importar el archivo?',
  confirmed: 'Importación confirmada',
  cancelled: 'Importación cancelada',
  loadError: 'No se pudieron cargar las importaciones',
  notFound: 'No se encontró la importación.',
} as const;
