import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';

/** GraphQL error codes that mean the session is gone: the app sends the user to the login page. */
export function isUnauthenticated(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
  }
  return ServerError.is(error) && error.statusCode === 401;
}

const GENERIC = 'Ocurrió un error inesperado. Intente nuevamente.';

/** Spanish text an operator can read for any Apollo or network error. */
export function describeError(error: unknown): string {
  if (CombinedGraphQLErrors.is(error)) {
    const first = error.errors[0];
    const code = first?.extensions?.code;
    if (code === 'UNAUTHENTICATED') return 'Su sesión expiró. Ingrese nuevamente.';
    if (code === 'FORBIDDEN') return 'No tiene permisos para realizar esta acción.';
    if (
      code === 'GRAPHQL_VALIDATION_FAILED' ||
      code === 'BAD_USER_INPUT' ||
      code === 'GRAPHQL_PARSE_FAILED'
    ) {
      return first?.message && looksSpanish(first.message)
        ? withoutFieldPaths(first.message, first.extensions?.field)
        : 'La solicitud no es válida.';
    }
    if (code === 'INTERNAL_SERVER_ERROR' && !looksSpanish(first?.message ?? '')) return GENERIC;
    return first?.message || GENERIC;
  }
  if (ServerError.is(error)) {
    if (error.statusCode === 401) return 'Su sesión expiró. Ingrese nuevamente.';
    if (error.statusCode === 403) return 'No tiene permisos para realizar esta acción.';
    if (error.statusCode >= 500) return 'El servidor no está disponible en este momento. Intente nuevamente.';
    return GENERIC;
  }
  // A /files call (lib/files): the gateway's Spanish message.
  if (error instanceof Error && error.name === 'FileRequestError') return error.message;
  if (error instanceof Error && error.name === 'AuthRedirectError')
    return 'Su sesión expiró. Ingrese nuevamente.';
  if (ServerParseError.is(error)) return 'El servidor respondió algo inesperado. Intente nuevamente.';
  if (error instanceof TypeError || (error instanceof Error && /fetch|network/i.test(error.message))) {
    return 'No se pudo conectar con el servidor. Verifique su conexión e intente nuevamente.';
  }
  return GENERIC;
}

/**
 * A gateway message without the argument paths it names for developers ('(filter.search)', '(input.ids[2])'):
 * the operator reads the Spanish sentence; the path stays in the response's `extensions.field` for support.
 */
export function withoutFieldPaths(message: string, field?: unknown): string {
  const named = typeof field === 'string' && field ? message.split(` (${field})`).join('') : message;
  return named
    .replace(/\s*\((?:[A-Za-z_$][\w$]*)(?:\.[A-Za-z_$][\w$]*|\[\d+\])+\)/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+([.,;:])/g, '$1')
    .trim();
}

/** Crude check that a server message is already Spanish text meant for the operator. */
function looksSpanish(message: string): boolean {
  return /[áéíóúñ¿¡]|\b(no|el|la|los|las|de|para|debe|inválid[oa])\b/i.test(message);
}
