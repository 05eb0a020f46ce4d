import type { CatalogueEntry } from '../../upstream/error-catalogue.js';

/** The BIN service's codes (docs/upstream-contract.md "Card BIN"): extended code -> Spanish. */
const TEXTS: Readonly<Record<string, readonly [code: string, message: string]>> = {
  bin_not_found: ['not_found', 'No se encontró el BIN.'],
  bin_exists: ['conflict', 'El BIN ya existe.'],
  invalid_bin: ['validation_error', 'Número BIN debe ser de 6 dígitos *'],
  invalid_brand_id: ['validation_error', 'La marca elegida no existe.'],
  invalid_type_id: ['validation_error', 'El tipo de tarjeta elegido no existe.'],
  invalid_subtype_id: ['validation_error', 'El subtipo elegido no existe.'],
  invalid_emisor_id: ['validation_error', 'El emisor elegido no existe.'],
  invalid_media_payment_id: ['validation_error', 'El medio de pago no existe.'],
  invalid_accreditation_days: ['validation_error', 'El día de acreditación no es válido.'],
  invalid_country: ['validation_error', 'El país no es válido.'],
};

/** The BIN service's codes the gateway explains (its error catalogue). */
export const BIN_ERRORS: readonly CatalogueEntry[] = Object.entries(TEXTS).map(
  ([extendedCode, [code, message]]): CatalogueEntry => ({ service: 'bin', code, extendedCode, message }),
);
