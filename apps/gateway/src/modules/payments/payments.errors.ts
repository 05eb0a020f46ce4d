import type { CatalogueEntry } from '../../upstream/error-catalogue.js';

/** The payment service's per-action codes of its 409 and 422 answers (docs/upstream-contract.md §3). */
const ENTRIES: readonly (readonly [code: string, extendedCode: string, message: string])[] = [
  ['invalid_status', 'payment_not_cancellable', 'El pago no se puede cancelar en su estado actual.'],
  [
    'invalid_status',
    'payment_method_not_changeable',
    'Solo se puede cambiar el medio de pago de pagos emitidos.',
  ],
  ['invalid_status', 'payment_not_objected', 'El pago no tiene una objeción para cancelar.'],
  ['invalid_status', 'payment_not_retryable', 'Solo se pueden reintentar pagos rechazados.'],
  ['invalid_status', 'payment_overdue', 'El pago está vencido.'],
  ['invalid_status', 'retry_disabled', 'El reintento está deshabilitado para este pago.'],
  ['invalid_status', 'payment_not_refundable', 'El pago no se puede devolver.'],
  ['invalid_status', 'payment_not_partially_refundable', 'El pago no se puede devolver parcialmente.'],
  [
    'invalid_status',
    'no_approved_payment_methods',
    'El pago no tiene medios de pago aprobados para devolver.',
  ],
  ['invalid_status', 'payment_not_reversible', 'El pago no se puede revertir.'],
  ['invalid_status', 'notification_url_missing', 'El pago no tiene URL de notificación.'],
  ['invalid_status', 'payment_without_payment_methods', 'El pago no tiene medios de pago.'],
  ['validation_error', 'reason_required', 'Disculpe, debe ingresar el motivo.'],
  ['validation_error', 'invalid_retry_code', 'El modo de reintento no es válido.'],
  ['validation_error', 'card_expired', 'La tarjeta está vencida: modifique el medio de pago.'],
  ['validation_error', 'payment_method_required', 'El pago no tiene un medio de pago para reintentar.'],
  ['validation_error', 'invalid_amount', 'El importe no es válido.'],
  ['validation_error', 'invalid_payment_method', 'El medio de pago indicado no es válido.'],
  ['validation_error', 'payment_method_not_approved', 'El medio de pago no está aprobado.'],
  ['validation_error', 'payer_without_email', 'El pagador no tiene e-mail.'],
  ['validation_error', 'invalid_card_number', 'El número de tarjeta no es válido.'],
  ['validation_error', 'invalid_expiration', 'El vencimiento de la tarjeta no es válido.'],
  ['validation_error', 'invalid_identification', 'La identificación del titular no es válida.'],
  ['validation_error', 'invalid_cbu', 'El CBU no es válido.'],
  ['validation_error', 'invalid_identification_type', 'El tipo de identificación no es válido.'],
  ['validation_error', 'invalid_country', 'El país de la identificación debe ser Argentina.'],
  ['validation_error', 'holder_name_required', 'Falta el nombre del titular.'],
  [
    'conflict',
    'idempotency_key_reused',
    'La operación ya se envió con otros datos: recargue el pago antes de reintentar.',
  ],
];

export const PAYMENT_ERRORS: readonly CatalogueEntry[] = ENTRIES.map(([code, extendedCode, message]) => ({
  service: 'payment',
  code,
  extendedCode,
  message,
}));
