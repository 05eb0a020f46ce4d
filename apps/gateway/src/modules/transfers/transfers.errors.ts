import type { CatalogueEntry } from '../../upstream/error-catalogue.js';

/** The transfer service's codes the gateway explains (its error catalogue). */
export const TRANSFER_ERRORS: readonly CatalogueEntry[] = [
  {
    service: 'transfer',
    code: 'not_found',
    extendedCode: 'conciliation_not_found',
    message: 'No se encontró la transferencia.',
  },
  {
    service: 'transfer',
    code: 'invalid_status',
    extendedCode: 'conciliation_not_pending',
    message: 'La transferencia ya no está pendiente de conciliación.',
  },
];
