import type { ServiceName } from '../services.js';

/** Longest list of names a refusal may carry, and the shape of each name (a column header, not free text). */
const MAX_NAMES = 50;
const NAME_PATTERN = /^[\p{L}\p{N}_ .-]{1,64}$/u;

/**
 * What a refusal names in its body (`missing_columns`: the file's columns the service did not find), kept only
 * when it is a list of short plain names, so that the operator can read it (error-catalogue.ts `withNames`).
 */
export function namesOf(value: unknown): readonly string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_NAMES) return [];
  return value.every((name) => typeof name === 'string' && NAME_PATTERN.test(name))
    ? (value as string[])
    : [];
}

/**
 * An upstream answered 4xx/5xx. `upstreamMessage` is for the server log only, never for clients; so are the codes
 * of a 5xx. `requestId`: the gateway request that made the call (the operator quotes it for a 5xx). `names`: what
 * a refusal names (namesOf), shown only through its catalogue entry.
 */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    readonly service: ServiceName,
    readonly status: number,
    readonly code: string | null,
    readonly extendedCode: string | null,
    readonly upstreamMessage: string | null = null,
    readonly requestId: string | null = null,
    readonly names: readonly string[] = [],
  ) {
    super(`${service} answered ${status} (${code ?? '-'}/${extendedCode ?? '-'})`);
  }
}

/** The upstream did not answer within the timeout: the outcome of a write is unknown. */
export class UpstreamTimeout extends Error {
  override readonly name = 'UpstreamTimeout';
  constructor(
    readonly service: ServiceName,
    readonly method: string,
    readonly path: string,
    readonly timeoutMs: number,
  ) {
    super(`${service} ${method} ${path} timed out after ${timeoutMs} ms`);
  }
}

/** The upstream could not be reached (connection refused, reset, DNS...). */
export class UpstreamUnavailable extends Error {
  override readonly name = 'UpstreamUnavailable';
  constructor(
    readonly service: ServiceName,
    readonly method: string,
    readonly path: string,
    cause: unknown,
  ) {
    super(`${service} ${method} ${path} unreachable`, { cause });
  }
}

/** A service's own failure (5xx): its codes are for the log, not for the operator (error-catalogue.ts). */
export const isServiceFault = (status: number): boolean => status >= 500;

/** What the log keeps of a service's 5xx (its codes and message included). */
export const upstreamFaultFields = (error: UpstreamError, method: string, path: string) => ({
  requestId: error.requestId,
  service: error.service,
  method,
  path,
  status: error.status,
  code: error.code,
  extendedCode: error.extendedCode,
  upstreamMessage: error.upstreamMessage,
});

export const isUpstreamFailure = (
  error: unknown,
): error is UpstreamError | UpstreamTimeout | UpstreamUnavailable =>
  error instanceof UpstreamError || error instanceof UpstreamTimeout || error instanceof UpstreamUnavailable;

/** The upstream answered 2xx but broke the contract (missing id, unknown status...): masked as the generic error. */
export class UpstreamContractError extends Error {
  override readonly name = 'UpstreamContractError';
}
