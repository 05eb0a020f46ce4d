/**
 * How a mutation's upstream failure becomes data (ARCHITECTURE §2 "Mutations"): expected failures are a
 * payload with outcome FAILED and a Spanish error; a write that timed out is UNKNOWN ("resultado
 * desconocido"), never SUCCESS, and is never retried here.
 */
import {
  MOVE_NOT_RECORDED_MESSAGE,
  MoveNotRecorded,
  MoveQuotaExceeded,
  moveQuotaError,
} from '../money/journal.js';
import { MoveHoldLost, MoveInProgress } from '../money/move.js';
import { ApprovalRequired } from '../money/approvals.js';
import type { ServiceName } from '../services.js';
import type { MutationOutcome } from '../generated/resolvers-types.js';
import type { OperationErrorModel as OperationError } from '../shared/operation-error.js';
import {
  describeUpstreamFailure,
  operatorMessage,
  refusalText,
  serviceFaultMessage,
  UNAVAILABLE_MESSAGE,
} from './error-catalogue.js';
import {
  UpstreamContractError,
  UpstreamError,
  UpstreamTimeout,
  UpstreamUnavailable,
  isServiceFault,
} from './errors.js';

export const UNKNOWN_OUTCOME_MESSAGE =
  'Resultado desconocido: no se pudo confirmar el resultado de la operación. Verifique el estado antes de reintentar.';

/** Code of an OperationError when a domain rule refused the action before any upstream call. */
export const ACTION_NOT_ALLOWED = 'ACTION_NOT_ALLOWED';

/**
 * Code of an OperationError when the record changed since the operator saw it (the mutation's `expectedVersion`
 * is not the current version): refused before any upstream call, and so recorded in the activity.
 */
export const VERSION_CONFLICT = 'VERSION_CONFLICT';

export interface Failure {
  outcome: Exclude<MutationOutcome, 'SUCCESS'>;
  error: OperationError;
}

/**
 * Error answers that do not say whether the write was applied: a proxy or load balancer in front of the service
 * answers 502/504 when the service failed or was slow to answer, possibly after writing; and the RestClient
 * reports a 2xx whose body it could not read as a 502 `invalid_response`.
 */
const UNKNOWN_STATUSES = new Set([502, 504]);

/** Network errors that prove the request never reached the upstream (so nothing was written). */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function causeCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A failed upstream WRITE: timeout -> UNKNOWN; a connection that never opened -> FAILED; a connection lost
 * mid-request -> UNKNOWN; a 502/504 or an unreadable 2xx -> UNKNOWN; a 2xx whose content breaks the contract
 * (UpstreamContractError from a mapper: the service did something, what is unknown) -> UNKNOWN; any other error
 * answer -> FAILED with the catalogue text, " - ", the extended code; a 5xx without its codes (serviceFaultMessage).
 * Anything else is a defect and is rethrown (masked by formatError).
 */
export function writeFailure(error: unknown): Failure {
  // Money moves (money/move.ts): the store did not take the intent, a retry with the same key is in
  // flight, or another gateway took the move; the write was not sent in any case.
  if (error instanceof MoveNotRecorded) {
    return {
      outcome: 'FAILED',
      error: { message: MOVE_NOT_RECORDED_MESSAGE, code: 'STORE_UNAVAILABLE', extendedCode: null },
    };
  }
  if (error instanceof MoveInProgress || error instanceof MoveHoldLost || error instanceof ApprovalRequired)
    return error.failure;
  if (error instanceof MoveQuotaExceeded) return { outcome: 'FAILED', error: moveQuotaError(error.max) };
  if (error instanceof UpstreamTimeout) {
    return {
      outcome: 'UNKNOWN',
      error: { message: UNKNOWN_OUTCOME_MESSAGE, code: 'UPSTREAM_TIMEOUT', extendedCode: null },
    };
  }
  if (error instanceof UpstreamUnavailable) {
    const code = causeCode(error.cause);
    if (code && NOT_SENT.has(code)) {
      return {
        outcome: 'FAILED',
        error: { message: UNAVAILABLE_MESSAGE, code: 'UPSTREAM_UNAVAILABLE', extendedCode: null },
      };
    }
    return {
      outcome: 'UNKNOWN',
      error: { message: UNKNOWN_OUTCOME_MESSAGE, code: 'UPSTREAM_UNAVAILABLE', extendedCode: null },
    };
  }
  if (error instanceof UpstreamContractError) {
    return {
      outcome: 'UNKNOWN',
      error: { message: UNKNOWN_OUTCOME_MESSAGE, code: 'UPSTREAM_ERROR', extendedCode: null },
    };
  }
  if (error instanceof UpstreamError && UNKNOWN_STATUSES.has(error.status)) {
    return {
      outcome: 'UNKNOWN',
      error: {
        message: UNKNOWN_OUTCOME_MESSAGE,
        code: error.status === 504 ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR',
        extendedCode: null,
      },
    };
  }
  if (error instanceof UpstreamError && isServiceFault(error.status)) {
    return {
      outcome: 'FAILED',
      error: {
        message: serviceFaultMessage(error.status, error.requestId),
        code: 'UPSTREAM_ERROR',
        extendedCode: null,
      },
    };
  }
  if (error instanceof UpstreamError) {
    return {
      outcome: 'FAILED',
      error: {
        // A write's refusal reads like a read's: soft-provider keeps its own words (spec 001 §8).
        message: refusalText(error),
        code: error.code ?? 'UPSTREAM_ERROR',
        extendedCode: error.extendedCode,
      },
    };
  }
  throw error;
}

/** A failed READ before any write: nothing changed upstream, so the outcome is FAILED (never UNKNOWN). */
export function readFailure(error: unknown): Failure {
  if (
    error instanceof UpstreamError ||
    error instanceof UpstreamTimeout ||
    error instanceof UpstreamUnavailable
  ) {
    const described = describeUpstreamFailure(error);
    return {
      outcome: 'FAILED',
      error: {
        message: described.message,
        code: described.upstreamCode ?? described.code,
        extendedCode: described.extendedCode,
      },
    };
  }
  throw error;
}

/** A rule refused the action: FAILED with the rule's Spanish reason, no upstream write. */
export const notAllowed = (reason: string): Failure => ({
  outcome: 'FAILED',
  error: { message: reason, code: ACTION_NOT_ALLOWED, extendedCode: null },
});

/** The record changed since the operator saw it: FAILED, no upstream write; the operator reloads first. */
export const versionConflict = (): Failure => ({
  outcome: 'FAILED',
  error: {
    message:
      'Otro operador modificó este registro. Recargá para ver su estado actual antes de hacer otra acción.',
    code: VERSION_CONFLICT,
    extendedCode: null,
  },
});

/** The FAILED outcome of a document that does not exist, with the catalogue's text for that service. */
export function notFoundFailure(service: ServiceName, extendedCode: string): Failure {
  return {
    outcome: 'FAILED',
    error: {
      message: operatorMessage(service, 'not_found', extendedCode, 404),
      code: 'not_found',
      extendedCode,
    },
  };
}
