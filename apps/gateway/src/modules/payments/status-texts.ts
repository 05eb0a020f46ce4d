/**
 * Spanish texts for upstream status codes the operator reads outside the error catalogue:
 * refund status details (a rejected refund shows its status detail as the reason, spec 000 §4 and §8)
 * and the status codes of `metadata.subscription_request` entries (spec 000 §2 "Metadata view").
 */

const REFUND_STATUS_DETAILS: Record<string, string> = {
  refunded: 'Devolución aprobada',
  reversed: 'Reversión aprobada',
  partially_refunded: 'Devolución parcial aprobada',
  insufficient_funds_in_collector_account: 'Fondos insuficientes en la cuenta de la entidad',
  refund_period_expired: 'Venció el plazo para devolver el pago',
  rejected_by_card_issuer: 'Rechazada por el emisor de la tarjeta',
  rejected_by_gateway: 'Rechazada por el gateway',
  rejected: 'Devolución rechazada',
};

/** Spanish text of a refund status detail; the raw detail when it is unknown; null when absent. */
export function refundStatusDetailText(detail: string | null): string | null {
  if (!detail) return null;
  return REFUND_STATUS_DETAILS[detail] ?? detail;
}

/** What the operator reads for a rejected refund: the Spanish text, " - ", the raw status detail. */
export function refundRejectionMessage(detail: string | null): string {
  if (!detail) return 'La devolución fue rechazada.';
  const text = REFUND_STATUS_DETAILS[detail];
  return text ? `${text} - ${detail}` : `La devolución fue rechazada - ${detail}`;
}

const SUBSCRIPTION_REQUEST_CODES: Record<number, string> = {
  200: 'Suscripción creada correctamente.',
  201: 'Suscripción creada correctamente.',
  400: 'La solicitud de suscripción no es válida.',
  401: 'La solicitud de suscripción no estaba autorizada.',
  403: 'La entidad no tiene permitido crear suscripciones.',
  404: 'No se encontró la entidad o el plan de la suscripción.',
  409: 'El pagador ya tiene una suscripción para este concepto.',
  422: 'Los datos de la suscripción no son válidos.',
  500: 'Error interno al crear la suscripción.',
  502: 'El servicio de suscripciones no respondió correctamente.',
  503: 'El servicio de suscripciones no estaba disponible.',
  504: 'El servicio de suscripciones no respondió a tiempo.',
};

/** Spanish message for a subscription_request status code; the upstream message (or a generic text) otherwise. */
export function subscriptionRequestMessage(
  statusCode: number | null,
  upstreamMessage: string | null,
): string {
  if (statusCode !== null && SUBSCRIPTION_REQUEST_CODES[statusCode])
    return SUBSCRIPTION_REQUEST_CODES[statusCode];
  if (upstreamMessage) return upstreamMessage;
  return statusCode === null
    ? 'Resultado de la solicitud de suscripción desconocido.'
    : `La solicitud de suscripción terminó con el código ${statusCode}.`;
}
