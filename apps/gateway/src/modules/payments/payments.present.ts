import type { PaymentModel } from './payments.mappers.js';

/** The checkout form link (spec 000 §2): {FORM_HOST}/{paymentId}/checkout, + /ticket when approved. */
export function checkoutUrl(payment: Pick<PaymentModel, 'id' | 'status'>, formHost: string): string {
  const base = `${formHost.replace(/\/+$/, '')}/${encodeURIComponent(payment.id)}/checkout`;
  return payment.status === 'APPROVED' ? `${base}/ticket` : base;
}

/** Spanish success messages (spec 000 §8; the forward notification text is the spec's, verbatim). */
export const SUCCESS_MESSAGES = {
  cancel: 'El pago se canceló correctamente.',
  changePaymentMethod: 'El medio de pago se actualizó correctamente.',
  cancelObjection: 'La objeción del pago se canceló correctamente.',
  retry: 'El pago se reintentó correctamente.',
  retryModify: 'El pago quedó emitido: modifique el medio de pago para reintentarlo.',
  refund: 'El pago se devolvió correctamente.',
  partialRefund: 'La devolución parcial se realizó correctamente.',
  reverse: 'El pago se revirtió correctamente.',
  forwardNotification: 'Se envio la notificación del pago correctamente.',
  updateFromGateway: 'El pago se actualizó con la información del gateway.',
  notifyPayer: 'Se envió la notificación al pagador correctamente.',
  refresh: 'El pago se actualizó correctamente.',
} as const;
