import type { ServiceName } from '../config.js';

/** An upstream answered 4xx/5xx. `upstreamMessage` is for the server log only, never for clients. */
export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    readonly service: ServiceName,
    readonly status: number,
    readonly code: string | null,
    readonly extendedCode: string | null,
    readonly upstreamMessage: string | null = null,
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

export const isUpstreamFailure = (
  error: unknown,
): error is UpstreamError | UpstreamTimeout | UpstreamUnavailable =>
  error instanceof UpstreamError || error instanceof UpstreamTimeout || error instanceof UpstreamUnavailable;

/** The upstream answered 2xx but broke the contract (missing id, unknown status...): masked as the generic error. */
export class UpstreamContractError extends Error {
  override readonly name = 'UpstreamContractError';
}
