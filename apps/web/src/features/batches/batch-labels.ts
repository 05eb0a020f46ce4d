import type { WithdrawalBatchStatus } from './gql/graphql';

/** Spanish labels of the batch statuses (spec 001 §4 "Batch"; docs/decisions.md "Withdrawal batches"). */
export const BATCH_STATUS_LABELS: Record<WithdrawalBatchStatus, string> = {
  FOR_WITHDRAWING: 'Por retirar',
  IN_WITHDRAWN: 'En retiro',
  WITHDRAWN: 'Retirado',
  ERROR: 'Error',
};

export const BATCH_STATUS_TONES: Record<WithdrawalBatchStatus, 'info' | 'warning' | 'success' | 'error'> = {
  FOR_WITHDRAWING: 'info',
  IN_WITHDRAWN: 'warning',
  WITHDRAWN: 'success',
  ERROR: 'error',
};

/** The status menu's order ('Todos' first). */
export const BATCH_STATUSES: readonly WithdrawalBatchStatus[] = [
  'FOR_WITHDRAWING',
  'IN_WITHDRAWN',
  'WITHDRAWN',
  'ERROR',
];

export const batchStatusToParam = (status: WithdrawalBatchStatus): string => status.toLowerCase();

export function batchStatusFromParam(value: string | null | undefined): WithdrawalBatchStatus | null {
  const wanted = value?.trim().toUpperCase();
  return BATCH_STATUSES.find((status) => status === wanted) ?? null;
}

export const BATCHES_MESSAGES = {
  title: 'Lotes de retiros',
  /**
   * Next to the batch's downloads: its files keep the bank's layout byte for byte (docs/decisions.md, "Withdrawal
   * batches").
   */
  fileFormatNote:
    'Los archivos del lote (XLSX, TXT, XML) se descargan tal como los genera el servicio, en el formato del banco (00004): sus fechas y códigos son los del formato, sin traducir.',
  empty: 'No se encontraron lotes',
  chooseCollector: 'Elija una entidad para buscar sus lotes.',
  loadError: 'No se pudieron cargar los lotes',
  detailTitle: 'Detalle de lote',
  notFound: 'Lote no encontrado',
  lookupTitle: 'Indique la entidad del lote',
  lookupHelp: 'Un lote se busca por su entidad y su ID: elija la entidad para verlo.',
} as const;
