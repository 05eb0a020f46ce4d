import type { ServiceName } from '../config.js';
import { UpstreamError, UpstreamTimeout, UpstreamUnavailable, isServiceFault } from './errors.js';

/**
 * The one table of upstream error texts (spec 000 §8, 001 §8): (service, code, extended_code) -> Spanish text.
 * This file holds the entries of every service; each module adds its own per-action codes (`errors` of
 * defineModule, e.g. modules/payments/payments.errors.ts).
 * Lookup goes from the most specific entry to the least: service+code+extended, any service+code+extended,
 * service+code, any service+code, then a text per HTTP status, then the generic text.
 * The operator reads the text, then " - " and the extended code when there is one, for a refusal (4xx). A service's
 * own failure (5xx) shows neither its code nor its extended code (they may name tables, hosts, queries): the
 * generic text and the request id to quote instead; the codes go to the log (rest-client.ts, files/router.ts).
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

let index: Map<string, string> | undefined;
let moduleEntries: readonly CatalogueEntry[] = [];

/**
 * The modules' own entries (`errors` of defineModule), given once by src/modules.ts: this file imports no module,
 * so that the modules can import it. Checked at once (the same key with two texts is a defect).
 */
export function useModuleErrors(entries: readonly CatalogueEntry[]): void {
  moduleEntries = entries;
  index = undefined;
  catalogueIndex();
}

/** The lookup table, built from CATALOGUE and the modules' entries. The same key with two texts is a defect. */
function catalogueIndex(): Map<string, string> {
  if (index) return index;
  const built = new Map<string, string>();
  for (const e of [...CATALOGUE, ...moduleEntries]) {
    const k = key(e.service, e.code, e.extendedCode);
    const existing = built.get(k);
    if (existing !== undefined && existing !== e.message) {
      throw new Error(`error catalogue: ${e.service}/${e.code}/${e.extendedCode ?? ''} has two texts`);
    }
    built.set(k, e.message);
  }
  index = built;
  return built;
}

/** The catalogue text for an upstream error (without the extended code suffix). */
export function catalogueMessage(
  service: ServiceName,
  code: string | null,
  extendedCode: string | null,
  status?: number,
): string {
  if (code) {
    const INDEX = catalogueIndex();
    const found =
      (extendedCode &&
        (INDEX.get(key(service, code, extendedCode)) ?? INDEX.get(key('*', code, extendedCode)))) ||
      INDEX.get(key(service, code)) ||
      INDEX.get(key('*', code));
    if (found) return found;
  }
  return (status !== undefined && BY_STATUS[status]) || GENERIC_ERROR_MESSAGE;
}

/**
 * What the operator reads for a service's 5xx: the generic text (the unavailable one for a 503) and, when known,
 * the request id to quote ("Referencia: …"), which finds the codes in the log.
 */
export function serviceFaultMessage(status: number, requestId: string | null): string {
  const text = status === 503 ? UNAVAILABLE_MESSAGE : `${GENERIC_ERROR_MESSAGE}.`;
  return requestId ? `${text} Referencia: ${requestId}.` : text;
}

/**
 * What the operator reads: the catalogue text, then " - " and the extended code when there is one. For a 5xx,
 * serviceFaultMessage (no code).
 */
export function operatorMessage(
  service: ServiceName,
  code: string | null,
  extendedCode: string | null,
  status?: number,
): string {
  if (status !== undefined && isServiceFault(status)) return serviceFaultMessage(status, null);
  const text = catalogueMessage(service, code, extendedCode, status);
  return extendedCode ? `${text.replace(/\.$/, '')} - ${extendedCode}` : text;
}

export type UpstreamFailureCode =
  'UPSTREAM_ERROR' | 'UPSTREAM_TIMEOUT' | 'UPSTREAM_UNAVAILABLE' | 'NOT_FOUND';

export interface DescribedFailure {
  /** Spanish, safe to show. */
  message: string;
  code: UpstreamFailureCode;
  /** The upstream `code`, when it sent one (never for a 5xx). */
  upstreamCode: string | null;
  /** Never for a 5xx. */
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
  if (isServiceFault(error.status)) {
    return {
      message: serviceFaultMessage(error.status, error.requestId),
      code: 'UPSTREAM_ERROR',
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
