import type { ServiceName } from '../config.js';
import { UpstreamError, UpstreamTimeout, UpstreamUnavailable } from './errors.js';

/**
 * The one table of upstream error texts (spec 000 §8, 001 §8): (service, code, extended_code) -> Spanish text.
 * Lookup goes from the most specific entry to the least: service+code+extended, any service+code+extended,
 * service+code, any service+code, then a text per HTTP status, then the generic text.
 * The operator reads the text, then " - " and the extended code when there is one.
 * The upstream `message` is never shown: it may carry internals.
 */
export interface CatalogueEntry {
  /** '*' matches every service. */
  service: ServiceName | '*';
  code: string;
  /** Omitted: matches any extended code. */
  extendedCode?: string;
  message: string;
}

export const GENERIC_ERROR_MESSAGE = 'Ups! Ocurrió un error inesperado';
export const UNAUTHENTICATED_MESSAGE = 'Sesión inválida o vencida. Volvé a iniciar sesión.';
export const FORBIDDEN_MESSAGE = 'No tiene permisos para realizar esta acción.';
export const TIMEOUT_READ_MESSAGE = 'El servicio no respondió a tiempo. Intente nuevamente en unos minutos.';
export const TIMEOUT_WRITE_MESSAGE =
  'El servicio no respondió a tiempo: el resultado de la operación es desconocido. Verifique el estado antes de reintentar.';
export const UNAVAILABLE_MESSAGE =
  'El servicio no está disponible en este momento. Intente nuevamente más tarde.';

export const CATALOGUE: readonly CatalogueEntry[] = [
  // Any service.
  { service: '*', code: 'bad_request', message: 'La solicitud no es válida.' },
  {
    service: '*',
    code: 'bad_request',
    extendedCode: 'invalid_filters',
    message: 'Los filtros de búsqueda no son válidos.',
  },
  { service: '*', code: 'invalid_filters', message: 'Los filtros de búsqueda no son válidos.' },
  { service: '*', code: 'validation_error', message: 'Los datos enviados no son válidos.' },
  { service: '*', code: 'invalid_request', message: 'Los datos enviados no son válidos.' },
  { service: '*', code: 'unauthorized', message: UNAUTHENTICATED_MESSAGE },
  { service: '*', code: 'forbidden', message: FORBIDDEN_MESSAGE },
  { service: '*', code: 'not_found', message: 'No se encontró el recurso solicitado.' },
  { service: '*', code: 'conflict', message: 'La operación no puede realizarse en el estado actual.' },
  { service: '*', code: 'invalid_status', message: 'La operación no está permitida en el estado actual.' },
  { service: '*', code: 'invalid_state', message: 'La operación no está permitida en el estado actual.' },
  { service: '*', code: 'internal_server_error', message: GENERIC_ERROR_MESSAGE },
  { service: '*', code: 'internal_error', message: GENERIC_ERROR_MESSAGE },
  { service: '*', code: 'service_unavailable', message: UNAVAILABLE_MESSAGE },
  { service: '*', code: 'invalid_response', message: GENERIC_ERROR_MESSAGE },
  // Payment service (docs/upstream-contract.md §3): the per-action codes of its 409 and 422 answers.
  ...(
    [
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
    ] as const
  ).map(([code, extendedCode, message]) => ({ service: 'payment' as const, code, extendedCode, message })),
  {
    service: 'notification',
    code: 'validation_error',
    extendedCode: 'invalid_email',
    message: 'El e-mail del destinatario no es válido.',
  },
  // Per service.
  { service: 'payment', code: 'not_found', message: 'No se encontró el pago.' },
  { service: 'collector', code: 'not_found', message: 'No se encontró la entidad.' },
  { service: 'payer', code: 'not_found', message: 'No se encontró el pagador.' },
  { service: 'subscription', code: 'not_found', message: 'No se encontró la suscripción.' },
  { service: 'notification', code: 'not_found', message: 'No se encontró la notificación.' },
];

/** Text per HTTP status when the code is unknown. */
const BY_STATUS: Record<number, string> = {
  400: 'La solicitud no es válida.',
  401: UNAUTHENTICATED_MESSAGE,
  403: FORBIDDEN_MESSAGE,
  404: 'No se encontró el recurso solicitado.',
  409: 'La operación no puede realizarse en el estado actual.',
  422: 'Los datos enviados no son válidos.',
  503: UNAVAILABLE_MESSAGE,
};

const key = (service: string, code: string, extendedCode?: string | null) =>
  `${service}\u0000${code.toLowerCase()}\u0000${extendedCode ?? ''}`;

const INDEX = new Map<string, string>(
  CATALOGUE.map((e) => [key(e.service, e.code, e.extendedCode), e.message]),
);

/** The catalogue text for an upstream error (without the extended code suffix). */
export function catalogueMessage(
  service: ServiceName,
  code: string | null,
  extendedCode: string | null,
  status?: number,
): string {
  if (code) {
    const found =
      (extendedCode &&
        (INDEX.get(key(service, code, extendedCode)) ?? INDEX.get(key('*', code, extendedCode)))) ||
      INDEX.get(key(service, code)) ||
      INDEX.get(key('*', code));
    if (found) return found;
  }
  return (status !== undefined && BY_STATUS[status]) || GENERIC_ERROR_MESSAGE;
}

/** What the operator reads: the catalogue text, then " - " and the extended code when there is one. */
export function operatorMessage(
  service: ServiceName,
  code: string | null,
  extendedCode: string | null,
  status?: number,
): string {
  const text = catalogueMessage(service, code, extendedCode, status);
  return extendedCode ? `${text.replace(/\.$/, '')} - ${extendedCode}` : text;
}

export type UpstreamFailureCode =
  'UPSTREAM_ERROR' | 'UPSTREAM_TIMEOUT' | 'UPSTREAM_UNAVAILABLE' | 'NOT_FOUND';

export interface DescribedFailure {
  /** Spanish, safe to show. */
  message: string;
  code: UpstreamFailureCode;
  /** The upstream `code`, when it sent one. */
  upstreamCode: string | null;
  extendedCode: string | null;
}

/**
 * The client-facing description of an upstream failure: used by formatError for queries and by mutation
 * payloads (`error { message, code, extendedCode }`). `write` selects the "unknown outcome" timeout text.
 */
export function describeUpstreamFailure(
  error: UpstreamError | UpstreamTimeout | UpstreamUnavailable,
  { write = false }: { write?: boolean } = {},
): DescribedFailure {
  if (error instanceof UpstreamTimeout) {
    return {
      message: write || error.method !== 'GET' ? TIMEOUT_WRITE_MESSAGE : TIMEOUT_READ_MESSAGE,
      code: 'UPSTREAM_TIMEOUT',
      upstreamCode: null,
      extendedCode: null,
    };
  }
  if (error instanceof UpstreamUnavailable) {
    return {
      message: UNAVAILABLE_MESSAGE,
      code: 'UPSTREAM_UNAVAILABLE',
      upstreamCode: null,
      extendedCode: null,
    };
  }
  return {
    message: operatorMessage(error.service, error.code, error.extendedCode, error.status),
    code: error.status === 404 ? 'NOT_FOUND' : 'UPSTREAM_ERROR',
    upstreamCode: error.code,
    extendedCode: error.extendedCode,
  };
}
