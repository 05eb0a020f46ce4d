/**
 * The batch rules (spec 001 §2 "Withdrawal batches", §4 "Batch", §5 "Batches"): the list query (collector
 * required, month on creation_date with an exclusive end) and every action with its permission and a Spanish
 * reason when refused. WithdrawalBatch.actions, the mutations and the downloads read this one table.
 */
import { badUserInput } from '../../errors.js';
import type {
  QueryWithdrawalBatchesArgs,
  WithdrawalBatchActionKind,
  WithdrawalBatchSortField,
  Permission,
} from '../../generated/resolvers-types.js';
import { defineActions, type ActionPermission } from '../../shared/actions.js';
import { checkId } from '../../shared/inputs.js';
import { normalizePaging } from '../../shared/paging.js';
import { permissionOf } from '../../shared/mutation-permissions.js';
import type { Filter, Sort } from '../../upstream/filters.js';
import type { BatchListQuery } from './batches.datasource.js';
import type { BatchModel } from './batches.mappers.js';
/** Spec 001 §9: XML files only for this batch layout version. */
export const XML_BATCH_VERSION = '00004';

const SORT_FIELDS: Readonly<Record<WithdrawalBatchSortField, string>> = {
  CREATION_DATE: 'creation_date',
  ID: 'id',
  BALANCE: 'balance',
  RECORD_COUNT: 'record_count',
  STATUS: 'status',
};

/** Query.withdrawalBatches arguments -> the upstream list query. */
export function batchListQuery(args: QueryWithdrawalBatchesArgs): BatchListQuery {
  const { page, pageSize } = normalizePaging(args.page, args.pageSize);
  const { filter } = args;
  const collectorId = checkId(filter.collectorId, 'filter.collectorId');
  if (filter.from && filter.to && Date.parse(filter.from) >= Date.parse(filter.to)) {
    throw badUserInput(
      'La fecha desde (filter.from) debe ser anterior a la fecha hasta (filter.to).',
      'filter.from',
    );
  }
  const filters: Filter[] = [{ field: 'collector_id', operation: 'EQUAL', value: collectorId }];
  if (filter.from)
    filters.push({ field: 'creation_date', operation: 'GREATER_THAN_OR_EQUAL_TO', value: filter.from });
  if (filter.to) filters.push({ field: 'creation_date', operation: 'LESS_THAN', value: filter.to });
  if (filter.status)
    filters.push({ field: 'status', operation: 'EQUAL', value: filter.status.toLowerCase() });
  const sorts: Sort[] = args.sort
    ? [{ field: SORT_FIELDS[args.sort.field], direction: args.sort.direction === 'ASC' ? 'asc' : 'desc' }]
    : [{ field: 'creation_date', direction: 'desc' }];
  if (args.sort && args.sort.field !== 'ID') sorts.push({ field: 'id', direction: 'desc' });
  return { filters, page, limit: pageSize, sorts };
}

export type BatchForRules = Pick<BatchModel, 'status' | 'recordCount' | 'version'>;

export const BATCH_REASONS = {
  downloadStatus: 'Solo se descargan lotes por retirar o en retiro.',
  empty: 'El lote no tiene registros.',
  xmlVersion: `El XML solo está disponible para lotes de versión ${XML_BATCH_VERSION}.`,
  reExportStatus: 'Solo se re-exportan lotes en retiro.',
  reprocessStatus: 'Solo se reprocesan lotes en error.',
} as const;

/** Who may download the file: the DOWNLOAD action and the file route of index.ts read this one statement. */
export const DOWNLOAD_REQUIRES = ['BATCH_WITHDRAW_DOWNLOAD'] as const satisfies readonly Permission[];

const DOWNLOAD: ActionPermission = {
  requires: DOWNLOAD_REQUIRES,
  reason: 'No tiene permisos para descargar lotes.',
};

const PERMISSIONS = {
  DOWNLOAD_XLSX: DOWNLOAD,
  DOWNLOAD_TXT: DOWNLOAD,
  DOWNLOAD_XML: DOWNLOAD,
  RE_EXPORT: permissionOf('reExportWithdrawalBatch', 'No tiene permisos para re-exportar lotes.'),
  REPROCESS: permissionOf('reprocessWithdrawalBatch', 'No tiene permisos para reprocesar lotes.'),
  DETAIL: null,
} as const satisfies Record<WithdrawalBatchActionKind, ActionPermission | null>;

function downloadReason(batch: BatchForRules): string | null {
  if (batch.status !== 'IN_WITHDRAWN' && batch.status !== 'FOR_WITHDRAWING')
    return BATCH_REASONS.downloadStatus;
  return batch.recordCount < 1 ? BATCH_REASONS.empty : null;
}

function stateReason(kind: WithdrawalBatchActionKind, batch: BatchForRules): string | null {
  switch (kind) {
    case 'DOWNLOAD_XLSX':
    case 'DOWNLOAD_TXT':
      return downloadReason(batch);
    case 'DOWNLOAD_XML':
      return downloadReason(batch) ?? (batch.version === XML_BATCH_VERSION ? null : BATCH_REASONS.xmlVersion);
    case 'RE_EXPORT':
      return batch.status === 'IN_WITHDRAWN' ? null : BATCH_REASONS.reExportStatus;
    case 'REPROCESS':
      return batch.status === 'ERROR' ? null : BATCH_REASONS.reprocessStatus;
    case 'DETAIL':
      return null;
  }
}

export const BATCH_ACTION_KINDS = Object.keys(PERMISSIONS) as WithdrawalBatchActionKind[];

/** WithdrawalBatch.actions, and the check of every mutation and download. Batches have no versions. */
export const batchActions = defineActions<WithdrawalBatchActionKind, BatchForRules>({
  kinds: BATCH_ACTION_KINDS,
  permissions: PERMISSIONS,
  availableOnPreviousVersion: [],
  previousVersionReason: '',
  isCurrentVersion: () => true,
  stateReason,
});

/** The batch file formats (GET /lotes/{id}/descargar/{format}). */
export const BATCH_FILE_FORMATS = ['xlsx', 'txt', 'xml'] as const;

/** The download action of a file format. */
export const DOWNLOAD_KIND = {
  xlsx: 'DOWNLOAD_XLSX',
  txt: 'DOWNLOAD_TXT',
  xml: 'DOWNLOAD_XML',
} as const satisfies Record<string, WithdrawalBatchActionKind>;

export const BATCH_SUCCESS = {
  reprocess: '¡Lote reprocesado con éxito!',
  reExport: '¡Re-exportación exitosa!',
} as const;
