import type { CatalogueEntry } from '../../upstream/error-catalogue.js';

/** The distributions service's codes (docs/upstream-contract.md "Distributions service"): extended code -> Spanish. */
const TEXTS: Readonly<Record<string, readonly [code: string, message: string]>> = {
  distribution_not_found: ['not_found', 'No se encontró la distribución.'],
  distribution_detail_not_found: ['not_found', 'No se encontró el detalle de la distribución.'],
  distribution_not_reprocessable: [
    'invalid_status',
    'La distribución no se puede reprocesar en su estado actual.',
  ],
  distribution_not_pending_authorization: [
    'invalid_status',
    'La distribución no está pendiente de autorización.',
  ],
  distribution_detail_not_editable: [
    'invalid_status',
    'El detalle no se puede modificar en su estado actual.',
  ],
  distribution_type_mismatch: ['invalid_status', 'El tipo de la distribución no corresponde a la operación.'],
  distribution_detail_not_paid: ['invalid_status', 'El detalle no está aprobado.'],
  status_detail_required: ['validation_error', 'Debe indicar el motivo del rechazo.'],
  invalid_cbu: ['validation_error', 'El CBU no es válido.'],
  invalid_alias: ['validation_error', 'Ingresa un destino de 5 a 20 caracteres.'],
  invalid_cuit: ['validation_error', 'El formato del cuit no es correcto.'],
  invalid_email: ['validation_error', 'Email inválido'],
};

export const DISTRIBUTION_ERRORS: readonly CatalogueEntry[] = Object.entries(TEXTS).map(
  ([extendedCode, [code, message]]) => ({ service: 'distribuciones', code, extendedCode, message }),
);
