import type { ServiceName } from '../config.js';

/**
 * An upstream answered 4xx/5xx. `upstreamMessage` is for the server log only, never for clients; so are the codes
 * of a 5xx. `requestId`: the gateway request that made the call (the operator quotes it for a 5xx).
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
