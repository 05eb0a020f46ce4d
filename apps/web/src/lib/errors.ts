import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { withoutFieldPaths } from './field-paths';

export { withoutFieldPaths };

/** GraphQL error codes that mean the session is gone: the app sends the user to the login page. */
export function isUnauthenticated(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
  }
  return ServerError.is(error) && error.statusCode === 401;
}

const GENERIC = 'Ocurrió un error inesperado. Intente nuevamente.';
const SESSION_EXPIRED = 'Su sesión expiró. Ingrese nuevamente.';
const NO_CONNECTION = 'No se pudo conectar con el servidor. Verifique su conexión e intente nuevamente.';
/** The gateway's per-operator rate limit (429 RATE_LIMITED): its own words, shown as such. */
export const RATE_LIMITED = 'Demasiadas solicitudes; espere unos segundos y vuelva a intentar';

/** What went wrong with a gateway request, whoever sent it (Apollo, or the shell's `me` request). */
export type GatewayFailure =
  | { graphql: { message?: string; extensions?: { code?: unknown; field?: unknown } } }
  | { status: number }
  | { network: true }
  | { unparsable: true };

/** Spanish text an operator can read for a failed gateway request. */
export function describeGatewayFailure(failure: GatewayFailure): string {
  if ('graphql' in failure) {
    const first = failure.graphql;
    const code = first.extensions?.code;
    if (code === 'UNAUTHENTICATED') return SESSION_EXPIRED;
    if (code === 'FORBIDDEN') return 'No tiene permisos para realizar esta acción.';
    if (code === 'RATE_LIMITED') return RATE_LIMITED;
    if (
      code === 'GRAPHQL_VALIDATION_FAILED' ||
      code === 'BAD_USER_INPUT' ||
      code === 'GRAPHQL_PARSE_FAILED'
    ) {
      return first.message && looksSpanish(first.message)
        ? withoutFieldPaths(first.message, first.extensions?.field)
        : 'La solicitud no es válida.';
    }
    if (code === 'INTERNAL_SERVER_ERROR' && !looksSpanish(first.message ?? '')) return GENERIC;
    return first.message || GENERIC;
  }
  if ('status' in failure) {
    if (failure.status === 401) return SESSION_EXPIRED;
    if (failure.status === 403) return 'No tiene permisos para realizar esta acción.';
    if (failure.status === 429) return RATE_LIMITED;
    if (failure.status >= 500) return 'El servidor no está disponible en este momento. Intente nuevamente.';
    return GENERIC;
  }
  if ('network' in failure) return NO_CONNECTION;
  return 'El servidor respondió algo inesperado. Intente nuevamente.';
}

/** Spanish text an operator can read for any Apollo or network error. */
export function describeError(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) return describeGatewayFailure({ graphql: error.errors[0] ?? {} });
  if (ServerError.is(error)) return describeGatewayFailure({ status: error.statusCode });
  // A /files call (lib/files): the gateway's Spanish message; the shell's `me` request (lib/me-request) too.
  // A mutation's refusal read from its payload (lib/mutation-outcome.ts MutationRefusal), or a bulk held for approval
  // (PendingApproval): already the operator's.
  if (
    error instanceof Error &&
    (error.name === 'FileRequestError' ||
      error.name === 'MeRequestError' ||
      error.name === 'MutationRefusal' ||
      error.name === 'PendingApproval')
  )
    return error.message;
  if (error instanceof Error && error.name === 'AuthRedirectError') return SESSION_EXPIRED;
  if (ServerParseError.is(error)) return describeGatewayFailure({ unparsable: true });
  if (error instanceof TypeError || (error instanceof Error && /fetch|network/i.test(error.message))) {
    return NO_CONNECTION;
  }
  return GENERIC;
}

/** Crude check that a server message is already Spanish text meant for the operator. */
function looksSpanish(message: string): boolean {
  return /[áéíóúñ¿¡]|\b(no|el|la|los|las|de|para|debe|inválid[oa])\b/i.test(message);
}
