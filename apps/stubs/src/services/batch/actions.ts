/**
 * The batch transitions (spec 001 §4 "Batch"): reprocess only in error (back to for_withdrawing), re-export only
 * once exported (in_withdrawn), download only in in_withdrawn or for_withdrawing with at least one record, XML
 * only for layout 00004. Each refusal is a business error {code, extended_code, message}.
 */
import { badRequest, invalidStatus, validationError } from '../../lib/errors.js';
import type { ActionResult } from '../../lib/service.js';
import { REPROCESS_FAILS } from './seed.js';
import { BATCH_FORMATS, XML_BATCH_VERSION, type Batch, type BatchFormat, type BatchStore } from './store.js';

const nowIso = (): string => new Date().toISOString();

/** POST /lotes/reprocess/{id}: error -> for_withdrawing. */
export function reprocess(store: BatchStore, batch: Batch): ActionResult {
  if (batch.status !== 'error') {
    throw invalidStatus(
      'batch_not_in_error',
      `Solo se reprocesan lotes en error (lote ${batch.id}: ${batch.status}).`,
    );
  }
  if (REPROCESS_FAILS.has(batch.id)) {
    throw validationError(
      'batch_destination_account_missing',
      `La entidad ${batch.collector_id} no tiene cuenta de destino: el lote ${batch.id} no se puede reprocesar.`,
    );
  }
  const now = nowIso();
  const changed = store.change(batch.id, (draft) => {
    draft.status = 'for_withdrawing';
    draft.status_detail = 'reprocessed';
    draft.error = null;
    draft.reprocess_date = now;
    draft.last_update_date = now;
  });
  return { status: 200, body: changed };
}

/** POST /lotes/{id}/re-exportar: sends the file of an exported batch to the bank again. */
export function reExport(store: BatchStore, batch: Batch): ActionResult {
  if (batch.status !== 'in_withdrawn') {
    throw invalidStatus(
      'batch_not_exported',
      `Solo se re-exportan lotes en retiro (lote ${batch.id}: ${batch.status}).`,
    );
  }
  const now = nowIso();
  const changed = store.change(batch.id, (draft) => {
    draft.export_date = now;
    draft.export_count += 1;
    draft.last_update_date = now;
  });
  return { status: 200, body: changed };
}

/** The format of a download, checked against the batch: 400 unknown format, 409 when it may not download. */
export function checkDownload(batch: Batch, rawFormat: string): BatchFormat {
  const format = rawFormat.toLowerCase() as BatchFormat;
  if (!BATCH_FORMATS.includes(format)) {
    throw badRequest('invalid_format', `Formato ${JSON.stringify(rawFormat)} desconocido: xlsx, txt o xml.`);
  }
  if (batch.status !== 'in_withdrawn' && batch.status !== 'for_withdrawing') {
    throw invalidStatus(
      'batch_not_downloadable',
      `Solo se descargan lotes por retirar o en retiro (lote ${batch.id}: ${batch.status}).`,
    );
  }
  if (batch.record_count < 1) {
    throw invalidStatus('batch_empty', `El lote ${batch.id} no tiene registros.`);
  }
  if (format === 'xml' && batch.version !== XML_BATCH_VERSION) {
    throw invalidStatus(
      'xml_not_available',
      `El XML solo está disponible para lotes de versión ${XML_BATCH_VERSION} (lote ${batch.id}: ${batch.version}).`,
    );
  }
  return format;
}
