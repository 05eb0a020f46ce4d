import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { problemMessage, type InputProblem } from './limits/input-guard.js';
import { limitMessage, limitOf, limitRefusal } from './limits/query-limits.js';
import { BadUserInputError } from './errors.js';
import { describeUpstreamFailure, GENERIC_ERROR_MESSAGE } from './upstream/error-catalogue.js';
import { isUpstreamFailure } from './upstream/errors.js';

/** Codes the gateway raises on purpose with Spanish, client-safe messages. */
const GATEWAY_CODES = new Set([
  'BAD_USER_INPUT',
  'FORBIDDEN',
  'UNAUTHENTICATED',
  'NOT_FOUND',
  'STORE_UNAVAILABLE',
]);

/**
 * Apollo's request errors: about the GraphQL document or HTTP request, never about internals
 * (schema suggestions are already hidden by hideSchemaDetailsFromClientErrors).
 */
const REQUEST_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  // The web's client sent a document that is not one of its own (execution/trusted-documents.ts).
  'TRUSTED_DOCUMENT_REQUIRED',
]);

/**
 * graphql-js reports a variable that does not fit its type in English, quoting the value and sometimes suggesting
 * the right enum value ("Did you mean...", which hideSchemaDetailsFromClientErrors does not cover here).
 * It becomes a Spanish message naming the field, e.g. `El valor no es una de las opciones válidas (filter.status).`
 * with `extensions.field` = `filter.status` (the variable name, then the path inside it).
 */
const VARIABLE_ERROR = /^Variable "\$([^"]+)" /;

function innermost(error: unknown): Error | null {
  let current = error as (Error & { originalError?: unknown }) | null;
  let last: Error | null = null;
  for (let i = 0; i < 5 && current; i++) {
    if (current instanceof Error && !VARIABLE_ERROR.test(current.message)) return current;
    last = current instanceof Error ? current : last;
    current = (current.originalError ?? null) as typeof current;
  }
  return last;
}

/** Without graphql-js's suggestion tail (or Apollo's "[Suggestion hidden]?" in its place). */
const withoutSuggestion = (text: string) =>
  text.replace(/ ?\[Suggestion hidden\]\??$/, '').replace(/ ?Did you mean [\s\S]*\?$/, '');

function variableErrorInSpanish(raw: string, error: unknown): { message: string; field: string } | null {
  const variable = VARIABLE_ERROR.exec(raw)?.[1];
  if (!variable) return null;
  const message = withoutSuggestion(raw);
  if (/^Variable "\$[^"]+" of required type "[^"]*" was not provided\.$/.test(message)) {
    return { message: `Falta un valor obligatorio (${variable}).`, field: variable };
  }
  if (/^Variable "\$[^"]+" of non-null type "[^"]*" must not be null\.$/.test(message)) {
    return { message: `El valor es obligatorio (${variable}).`, field: variable };
  }
  // A variable declared with another type than its place asks for: a document written for an older contract
  // (1.0.0's `$key: String` where 2.0.0 asks `String!`) learns the type it needs.
  const misplaced = /^Variable "\$[^"]+" of type "([^"]+)" used in position expecting type "([^"]+)"\.$/.exec(
    message,
  );
  if (misplaced) {
    return {
      message: `La variable $${variable} se declara ${misplaced[1]}, pero aquí se necesita ${misplaced[2]} (${variable}).`,
      field: variable,
    };
  }
  const inner = innermost(error);
  const innerText = inner ? withoutSuggestion(inner.message) : null;
  const innerMessage = innerText && message.endsWith(`; ${innerText}`) ? innerText : null;
  const prefix = innerMessage ? message.slice(0, message.length - innerMessage.length - 2) : message;
  let field = /^Variable "\$[^"]+" got invalid value [\s\S]* at "([^"]+)"$/.exec(prefix)?.[1] ?? variable;
  const text = innerMessage ?? '';
  let reason: string;
  const missing = /^Field "([^"]+)" of required type "[^"]*" was not provided\./.exec(text);
  const unknown = /^Field "([^"]+)" is not defined by type "[^"]*"/.exec(text);
  if (missing) {
    field = `${field}.${missing[1]}`;
    reason = 'Falta un valor obligatorio';
  } else if (unknown) {
    field = `${field}.${unknown[1]}`;
    reason = 'El campo no existe';
  } else if (/does not exist in "[^"]*" enum|^Enum "[^"]*" cannot represent/.test(text)) {
    reason = 'El valor no es una de las opciones válidas';
  } else if (/cannot represent|^Expected type|^Expected value|to be an object/.test(text)) {
    reason = 'El valor no es del tipo esperado';
  } else if (inner instanceof GraphQLError && inner.extensions?.code === 'BAD_USER_INPUT' && innerMessage) {
    // Our scalars (Decimal, DateTime) already speak Spanish.
    reason = innerMessage.replace(/\.$/, '');
  } else {
    reason = 'El valor no es válido';
  }
  return { message: `${reason} (${field}).`, field };
}

/**
 * A refusal names its argument, for the developer in the sandbox: ' (field)' before the final period unless the
 * message already names it (modules may word their own). The web leaves ` (${field})` out (lib/errors.ts).
 */
export function namingField(message: string, field: string): string {
  if (message.includes(field) || message.includes(field.split('.').at(-1)!)) return message;
  return message.endsWith('.') ? `${message.slice(0, -1)} (${field}).` : `${message} (${field})`;
}

const isGatewayError = (error: unknown): error is GraphQLError =>
  error instanceof GraphQLError &&
  typeof error.extensions?.code === 'string' &&
  GATEWAY_CODES.has(error.extensions.code);

/**
 * The gateway's own error, also its refusal of a literal argument (a scalar's parseLiteral, limits/input-guard.ts)
 * that Apollo wrapped as a validation error, whose code would otherwise be GRAPHQL_VALIDATION_FAILED.
 */
function gatewayError(original: unknown): GraphQLError | null {
  if (isGatewayError(original)) return original;
  const wrapped = original instanceof GraphQLError ? original.originalError : null;
  return wrapped instanceof BadUserInputError ? wrapped : null;
}

/**
 * A string literal of the document with a NUL or a lone surrogate is a syntax error for graphql-js (a raw
 * character, or a `\u` escape of a surrogate): the same bad input as in a variable, answered the same way.
 */
function badTextInDocument(message: string): InputProblem | null {
  if (/^Syntax Error: Invalid character(?: within String)?: U\+0000\./.test(message)) return 'nul';
  if (/^Syntax Error: Invalid character within String: U\+D[89A-F]/i.test(message)) return 'surrogate';
  if (/^Syntax Error: Invalid Unicode escape sequence: "\\u(?:\{0*)?D[89A-F]/i.test(message))
    return 'surrogate';
  return null;
}

const where = (formatted: GraphQLFormattedError) => ({
  ...(formatted.locations ? { locations: formatted.locations } : {}),
  ...(formatted.path ? { path: formatted.path } : {}),
});

/**
 * Every error leaving the gateway: upstream failures through the catalogue (never the upstream message),
 * the gateway's own errors as they are, Apollo's request errors as they are, everything else masked.
 * No extension other than `code` (and `extendedCode`/`field`/`limit` when meaningful) is sent.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = unwrapResolverError(error);

  if (isUpstreamFailure(original)) {
    const described = describeUpstreamFailure(original);
    return {
      message: described.message,
      ...where(formatted),
      extensions: {
        code: described.code,
        ...(described.extendedCode ? { extendedCode: described.extendedCode } : {}),
      },
    };
  }

  const variableError = variableErrorInSpanish(formatted.message, error);
  if (variableError) {
    return {
      message: variableError.message,
      ...where(formatted),
      extensions: { code: 'BAD_USER_INPUT', field: variableError.field },
    };
  }

  const own = gatewayError(original);
  if (own) {
    const field = own.extensions.field;
    return {
      message: typeof field === 'string' ? namingField(own.message, field) : own.message,
      ...where(formatted),
      extensions: { code: own.extensions.code as string, ...(typeof field === 'string' ? { field } : {}) },
    };
  }

  const code = formatted.extensions?.code;
  const badText = code === 'GRAPHQL_PARSE_FAILED' ? badTextInDocument(formatted.message) : null;
  if (badText) {
    return {
      message: problemMessage(badText),
      ...where(formatted),
      extensions: { code: 'BAD_USER_INPUT' },
    };
  }
  if (typeof code === 'string' && REQUEST_CODES.has(code)) {
    // A limit names itself, its value and what the document used (limits/query-limits.ts): read from the
    // English of graphql-armor's and graphql-js's refusals, or carried by the gateway's own.
    const limit = limitRefusal(formatted.message) ?? limitOf(formatted.extensions?.limit);
    if (limit) {
      return { message: limitMessage(limit), ...where(formatted), extensions: { code, limit } };
    }
    return { message: formatted.message, ...where(formatted), extensions: { code } };
  }

  return {
    message: GENERIC_ERROR_MESSAGE,
    ...where(formatted),
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}

/** Whether an error is expected (client or upstream) rather than a gateway defect worth a stack trace in the log. */
export function isExpectedError(error: unknown): boolean {
  const original = unwrapResolverError(error);
  if (isUpstreamFailure(original)) return true;
  const code = (original instanceof GraphQLError ? original : (error as GraphQLError))?.extensions?.code;
  return typeof code === 'string' && (GATEWAY_CODES.has(code) || REQUEST_CODES.has(code));
}
