import type { CatalogueEntry } from '../../upstream/error-catalogue.js';

/**
 * The batch service's codes (docs/upstream-contract.md "Batch service"): extended code -> Spanish. A failed
 * reprocess reads "message - extended code" (spec 001 §8).
 */
const TEXTS: Readonly<Record<string, readonly [code: string, message: string]>> = {
  batch_not_found: ['not_found', 'No se encontró el lote.'],
  batch_not_in_error: ['invalid_status', 'Solo se reprocesan lotes en error.'],
  batch_destination_account_missing: [
    'validation_error',
    'La entidad no tiene cuenta de destino: el lote no se puede reprocesar.',
  ],
  batch_not_exported: ['invalid_status', 'Solo se re-exportan lotes en retiro.'],
  batch_not_downloadable: ['invalid_status', 'Solo se descargan lotes por retirar o en retiro.'],
  batch_empty: ['invalid_status', 'El lote no tiene registros.'],
  xml_not_available: ['invalid_status', 'El XML solo está disponible para lotes de versión 00004.'],
  invalid_format: ['bad_request', 'El formato de descarga no es válido.'],
  bank_file_rejected: ['export_error', 'El banco rechazó el archivo del lote.'],
  bank_timeout: ['export_error', 'El banco no respondió al enviar el lote.'],
  destination_account_missing: ['export_error', 'La entidad no tiene cuenta de destino configurada.'],
};

export const BATCH_ERRORS: readonly CatalogueEntry[] = [
  { service: 'batch', code: 'not_found', message: 'No se encontró el lote.' },
  { service: 'batch', code: 'export_error', message: 'No se pudo exportar el lote.' },
  ...Object.entries(TEXTS).map(([extendedCode, [code, message]]) => ({
    service: 'batch' as const,
    code,
    extendedCode,
    message,
  })),
];
