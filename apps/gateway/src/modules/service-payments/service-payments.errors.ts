import type { CatalogueEntry } from '../../upstream/error-catalogue.js';

/** The lote service's codes (docs/upstream-contract.md "Lote service"): extended code -> Spanish. */
const TEXTS: Readonly<Record<string, readonly [code: string, message: string]>> = {
  gateway_batch_not_found: ['not_found', 'No se encontró el lote de gateway.'],
  gateway_batch_not_conciliable: ['invalid_status', 'El lote ya está conciliado o cerrado.'],
  invalid_description: ['validation_error', 'La descripción no es válida.'],
  invalid_compensation_amount: ['validation_error', 'El monto de compensación admite solo números.'],
};

export const SERVICE_PAYMENT_ERRORS: readonly CatalogueEntry[] = Object.entries(TEXTS).map(
  ([extendedCode, [code, message]]) => ({ service: 'lote', code, extendedCode, message }),
);
