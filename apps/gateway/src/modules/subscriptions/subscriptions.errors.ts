import type { CatalogueEntry } from '../../upstream/error-catalogue.js';

/**
 * The subscription service's codes (docs/upstream-contract.md, subscription service): extended code -> Spanish.
 * The service answers 404 not_found, 409 invalid_status and 400/422 validation_error.
 */
const TEXTS: Readonly<Record<string, readonly [code: string, message: string]>> = {
  subscription_not_found: ['not_found', 'No se encontró la suscripción.'],
  subscription_already_cancelled: ['invalid_status', 'La suscripción ya está cancelada.'],
  subscription_cancelled: ['invalid_status', 'La suscripción está cancelada.'],
  subscription_without_payment_method: ['invalid_status', 'La suscripción no tiene medio de pago.'],
  amount_not_editable: ['invalid_status', 'El importe de un plan no se puede modificar.'],
  subscription_not_notifiable: [
    'invalid_status',
    'Solo se envía el e-mail de suscripciones activas o pendientes.',
  ],
  payer_without_email: ['validation_error', 'El pagador no tiene e-mail.'],
  invalid_amount: ['validation_error', 'El importe debe ser mayor a cero y tener hasta dos decimales.'],
  reason_required: ['validation_error', 'Disculpe, debe ingresar el motivo.'],
  reason_too_long: ['validation_error', 'El motivo no puede superar los 500 caracteres.'],
};

export const SUBSCRIPTION_ERRORS: readonly CatalogueEntry[] = Object.entries(TEXTS).map(
  ([extendedCode, [code, message]]) => ({ service: 'subscription', code, extendedCode, message }),
);
