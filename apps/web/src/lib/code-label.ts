/**
 * A Spanish label for an upstream code (statuses, types, actions…): the table's text for the code in any case,
 * the raw code when the table does not know it (an operator still sees something true), '—' when there is none.
 */
export const codeLabel =
  (table: Readonly<Record<string, string>>) =>
  (code: string | null | undefined): string =>
    code ? (table[code.toLowerCase()] ?? code) : '—';

/**
 * The Spanish catalogue of the upstream codes an operator reads outside one area's own tables:
 * status details of payments, subscriptions, payment methods at the gateway and refunds; fee types; presets;
 * webhook results. Show them with `CodeText` (components/detail) so support can still read the raw code.
 */
export const STATUS_DETAIL_LABELS: Readonly<Record<string, string>> = {
  accredited: 'Acreditado',
  issued: 'Emitido',
  pending_payment: 'Pendiente de pago',
  pending_review: 'Pendiente de revisión',
  pending_contingency: 'Pendiente de confirmación',
  pending_payer_validation: 'Pendiente de validación del pagador',
  waiting_payer: 'Esperando al pagador',
  waiting_payment: 'Esperando el pago',
  waiting_payment_method: 'Esperando un nuevo medio de pago',
  retry_same_payment_method: 'Reintento con el mismo medio de pago',
  partially_approved: 'Aprobado parcialmente',
  partially_refunded: 'Devuelto parcialmente',
  refunded: 'Devuelto',
  reversed: 'Revertido',
  expired: 'Vencido',
  in_mediation: 'En mediación',
  objected_by_payer: 'Objetado por el pagador',
  chargeback_in_process: 'Contracargo en proceso',
  objection_cancelled: 'Objeción cancelada',
  cancelled_by_backoffice: 'Cancelado desde el back-office',
  payment_method_updated: 'Medio de pago actualizado',
  // Subscriptions.
  rejected_by_payer: 'Rechazada por el pagador',
  cancelled_by_payer: 'Cancelada por el pagador',
  cancelled_by_collector: 'Cancelada por la entidad',
  payment_method_removed: 'Medio de pago eliminado',
  amount_updated: 'Importe actualizado',
  // Distributions: a payout marked successful by an operator ('Forzar').
  forced_success: 'Forzada como exitosa',
  cc_rejected_insufficient_amount: 'Rechazado: fondos insuficientes en la tarjeta',
  cc_rejected_call_for_authorize: 'Rechazado: debe autorizarlo con el emisor',
  cc_rejected_bad_filled_security_code: 'Rechazado: código de seguridad incorrecto',
  cc_rejected_high_risk: 'Rechazado por riesgo',
  cc_rejected_card_expired: 'Rechazado: tarjeta vencida',
  cc_rejected_other_reason: 'Rechazado por el emisor',
  rejected_by_bank: 'Rechazado por el banco',
  insufficient_funds: 'Fondos insuficientes',
  account_closed: 'Cuenta cerrada',
  insufficient_funds_in_collector_account: 'Fondos insuficientes en la cuenta de la entidad',
  refund_period_expired: 'Venció el plazo para devolver el pago',
  rejected_by_card_issuer: 'Rechazada por el emisor de la tarjeta',
  rejected_by_gateway: 'Rechazada por el gateway',
  active: 'Activa',
  authorized: 'Autorizada',
  paused: 'Pausada',
  cancelled: 'Cancelada',
  finished: 'Finalizada',
};

export const statusDetailLabel = codeLabel(STATUS_DETAIL_LABELS);

/** True when the text is a code of the table (any case), false for free text (a service's own message). */
export const isCatalogued = (
  table: Readonly<Record<string, string>>,
  text: string | null | undefined,
): boolean => Boolean(text && Object.hasOwn(table, text.trim().toLowerCase()));

/** A collector's withdrawal strategy (spec 001 §3, §9). */
export const WITHDRAWAL_STRATEGY_LABELS: Readonly<Record<string, string>> = {
  batch_accreditation: 'Lote por acreditación',
  batch_approbation: 'Lote por aprobación',
  balance: 'Saldo',
  none: 'Sin estrategia de retiro compatible',
};

export const withdrawalStrategyLabel = codeLabel(WITHDRAWAL_STRATEGY_LABELS);

/** A currency's ISO code as it is (ARS, USD); the gateway's OTHER (one it does not know yet) in Spanish. */
export const currencyLabel = codeLabel({ other: 'Otra moneda' });

export const feeTypeLabel = codeLabel({
  collection_fee: 'Comisión por cobranza',
  tax: 'Impuesto',
  financing_fee: 'Costo de financiación',
  shipping_fee: 'Costo de envío',
  application_fee: 'Comisión de la aplicación',
});

export const presetLabel = codeLabel({
  retry: 'Reintento automático',
  notify: 'Notificar al pagador',
});

const HTTP_STATUS_TEXTS: Readonly<Record<number, string>> = {
  200: 'Correcto',
  201: 'Creado',
  202: 'Aceptado',
  204: 'Correcto, sin contenido',
  400: 'Solicitud inválida',
  401: 'No autorizado',
  403: 'Prohibido',
  404: 'No encontrado',
  408: 'Tiempo de espera agotado',
  409: 'Conflicto',
  422: 'Datos no procesables',
  429: 'Demasiadas solicitudes',
  500: 'Error interno del servidor',
  502: 'Respuesta inválida del servidor',
  503: 'Servicio no disponible',
  504: 'El servidor no respondió a tiempo',
};

/** A webhook's result: 'http_503' -> 'HTTP 503 · Servicio no disponible'; other codes through the status details. */
export function webhookResultLabel(code: string | null | undefined): string {
  const match = code ? /^http_(\d{3})$/i.exec(code.trim()) : null;
  if (!match) return statusDetailLabel(code);
  const status = Number(match[1]);
  const text = HTTP_STATUS_TEXTS[status] ?? (status < 400 ? 'Correcto' : 'Error');
  return `HTTP ${status} · ${text}`;
}
