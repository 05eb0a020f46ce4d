import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { describeUpstreamFailure, GENERIC_ERROR_MESSAGE } from './upstream/error-catalogue.js';
import { isUpstreamFailure } from './upstream/errors.js';

/** Codes the gateway raises on purpose with Spanish, client-safe messages. */
const GATEWAY_CODES = new Set(['BAD_USER_INPUT', 'FORBIDDEN', 'UNAUTHENTICATED', 'NOT_FOUND']);

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
]);

const TOKEN_LIMIT = /more th(?:an|at) \d+ tokens/i;

const where = (formatted: GraphQLFormattedError) => ({
  ...(formatted.locations ? { locations: formatted.locations } : {}),
  ...(formatted.path ? { path: formatted.path } : {}),
});

/**
 * Every error leaving the gateway: upstream failures through the catalogue (never the upstream message),
 * the gateway's own errors as they are, Apollo's request errors as they are, everything else masked.
 * No extension other than `code` (and `extendedCode`/`field` when meaningful) is sent.
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

  if (original instanceof GraphQLError) {
    const code = original.extensions?.code;
    if (typeof code === 'string' && GATEWAY_CODES.has(code)) {
      const field = original.extensions.field;
      return {
        message: original.message,
        ...where(formatted),
        extensions: { code, ...(typeof field === 'string' ? { field } : {}) },
      };
    }
  }

  const code = formatted.extensions?.code;
  if (typeof code === 'string' && REQUEST_CODES.has(code)) {
    // graphql-js names its token limit; the limits are not exposed.
    const message = TOKEN_LIMIT.test(formatted.message)
      ? 'Syntax Error: Document too large. Parsing aborted.'
      : formatted.message;
    return { message, ...where(formatted), extensions: { code } };
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
