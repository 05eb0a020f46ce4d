import type { ServiceName } from '../services.js';
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
 * The upstream `message` is not shown (it may carry internals), except where the spec says to show it
 * (SERVICE_MESSAGE_SERVICES, refusals only).
 */
export interface CatalogueEntry {
  /** '*' matches every service. */
  service: ServiceName | '*';
  code: string;
  /** Omitted: matches any extended code. */
  extendedCode?: string;
  message: string;
  /**
   * The text when the refusal names what it refers to (UpstreamError `names`, e.g. the columns a file misses),
   * given them joined in Spanish ("a, b y c"); `message` otherwise.
   */
  withNames?: (names: string) => string;
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

/**
 * Services whose refusals (4xx) show the service's own message, because the spec says so (001 §8: "Software-provider
 * failures: a notice with the error message"); the catalogue text stands in when the service sent none. A 5xx
 * never shows it. The code follows it as everywhere (`withCode`).
 */
const SERVICE_MESSAGE_SERVICES: ReadonlySet<ServiceName> = new Set<ServiceName>(['softprovider']);

/** A sentence an operator reads: letters, digits and plain punctuation, at most 200 characters. */
const PLAIN_SENTENCE = /^[\p{L}\p{N} .,;:¿?¡!()'"%$-]{1,200}$/u;
/** What only internals look like: dotted package paths, IP addresses, database errors, stack frames. */
const INTERNAL_LOOK =
  /[A-Za-z_]\w*\.[A-Za-z_]\w*\.\w|\d+\.\d+\.\d+\.\d+|ORA-\d|Exception|\bSELECT\b|\bat\s+[\w.$]+\(/;

/**
 * The service's own message when the spec says to show it, only if it reads as a plain sentence: anything that
 * looks like internals (a query, a stack trace, a path) is replaced by the catalogue's text.
 */
export function readableServiceMessage(message: string | null | undefined): string | undefined {
  const text = message?.trim();
  if (!text || !PLAIN_SENTENCE.test(text) || INTERNAL_LOOK.test(text)) return undefined;
  return text;
}

/**
 * A service's refusal as the operator reads it, on reads and writes alike: the service's own sentence where the
 * spec says to show it (SERVICE_MESSAGE_SERVICES), else the catalogue's text; the code after it (`withCode`).
 */
export function refusalText(
  error: {
    service: ServiceName;
    code: string | null;
    extendedCode: string | null;
    status: number;
    upstreamMessage: string | null;
  },
  names?: readonly string[],
): string {
  const own = SERVICE_MESSAGE_SERVICES.has(error.service)
    ? readableServiceMessage(error.upstreamMessage)
    : undefined;
  return own
    ? withCode(own, error.extendedCode)
    : operatorMessage(error.service, error.code, error.extendedCode, error.status, names);
}

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

let index: Map<string, CatalogueEntry> | undefined;
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
function catalogueIndex(): Map<string, CatalogueEntry> {
  if (index) return index;
  const built = new Map<string, CatalogueEntry>();
  for (const e of [...CATALOGUE, ...moduleEntries]) {
    const k = key(e.service, e.code, e.extendedCode);
    const existing = built.get(k);
    if (existing !== undefined && existing.message !== e.message) {
      throw new Error(`error catalogue: ${e.service}/${e.code}/${e.extendedCode ?? ''} has two texts`);
    }
    built.set(k, e);
  }
  index = built;
  return built;
}

/** "a", "a y b", "a, b y c". */
const namesText = (names: readonly string[]): string =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} y ${names.at(-1)}` : (names[0] ?? '');

/**
 * The catalogue text for an upstream error (without the extended code suffix); with the names the refusal gave
 * (`names`), its entry's `withNames` text when it has one.
 */
export function catalogueMessage(
  service: ServiceName,
  code: string | null,
  extendedCode: string | null,
  status?: number,
  names: readonly string[] = [],
): string {
  if (code) {
    const INDEX = catalogueIndex();
    const found =
      (extendedCode &&
        (INDEX.get(key(service, code, extendedCode)) ?? INDEX.get(key('*', code, extendedCode)))) ||
      INDEX.get(key(service, code)) ||
      INDEX.get(key('*', code));
    if (found) return found.withNames && names.length ? found.withNames(namesText(names)) : found.message;
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
 * The one way a refusal names its code (spec 001 §8): the text without its final period, " - ",
 * the code. Every refusal with a code reads so, from a service (operatorMessage) or decided by the gateway (a
 * file's type, files/refusals.ts); the web shows the code in a tooltip (`MessageText`).
 */
export function withCode(text: string, code: string | null | undefined): string {
  return code ? `${text.replace(/\.$/, '')} - ${code}` : text;
}

/**
 * What the operator reads: the catalogue text, then " - " and the extended code when there is one (`withCode`).
 * For a 5xx, serviceFaultMessage (no code).
 */
export function operatorMessage(
  service: ServiceName,
  code: string | null,
  extendedCode: string | null,
  status?: number,
  names: readonly string[] = [],
): string {
  if (status !== undefined && isServiceFault(status)) return serviceFaultMessage(status, null);
  const text = catalogueMessage(service, code, extendedCode, status, names);
  return withCode(text, extendedCode);
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
    message: refusalText(error, error.names),
    code: error.status === 404 ? 'NOT_FOUND' : 'UPSTREAM_ERROR',
    upstreamCode: error.code,
    extendedCode: error.extendedCode,
  };
}
