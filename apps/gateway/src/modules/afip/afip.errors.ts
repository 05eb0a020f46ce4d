import type { CatalogueEntry } from '../../upstream/error-catalogue.js';

/** The tax-forms service's codes (docs/upstream-contract.md "AFIP"): extended code -> Spanish. */
const TEXTS: Readonly<Record<string, readonly [code: string, message: string]>> = {
  presentation_not_found: ['not_found', 'No se encontró la presentación.'],
  presentation_not_created: ['invalid_status', 'La presentación ya no está en estado creada.'],
  invalid_period: ['validation_error', 'El período no es válido.'],
  invalid_file_structure: ['validation_error', 'El formulario elegido no existe.'],
  invalid_transaction_id: ['validation_error', 'El ID de transacción no es válido.'],
  reprocess_detail_too_long: ['validation_error', 'El motivo admite hasta 500 caracteres.'],
};

export const AFIP_ERRORS: readonly CatalogueEntry[] = Object.entries(TEXTS).map(
  ([extendedCode, [code, message]]) => ({ service: 'afip', code, extendedCode, message }),
);
