import { GraphQLError } from 'graphql';
import { FORBIDDEN_MESSAGE, UNAUTHENTICATED_MESSAGE } from './upstream/error-catalogue.js';

/** Codes of errors the gateway raises on purpose; their messages are Spanish and safe to show. */
export type PublicErrorCode =
  | 'BAD_USER_INPUT'
  | 'FORBIDDEN'
  | 'UNAUTHENTICATED'
  | 'NOT_FOUND'
  | 'STORE_UNAVAILABLE'
  | 'UPSTREAM_ERROR'
  | 'UPSTREAM_TIMEOUT'
  | 'UPSTREAM_UNAVAILABLE';

export const forbidden = (): GraphQLError =>
  new GraphQLError(FORBIDDEN_MESSAGE, { extensions: { code: 'FORBIDDEN' } });

export const unauthenticated = (): GraphQLError =>
  new GraphQLError(UNAUTHENTICATED_MESSAGE, {
    extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
  });

/**
 * The gateway's own refusal of an input (Spanish). Its class tells it from other libraries' BAD_USER_INPUT (graphql-armor
 * reports its limits so, in English) when Apollo wraps it as a validation error (a literal argument).
 */
export class BadUserInputError extends GraphQLError {}

/** Invalid input: the message is Spanish and names the field; `field` is the argument path (e.g. filter.from). */
export const badUserInput = (message: string, field?: string): GraphQLError =>
  new BadUserInputError(message, { extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}) } });

export const notFound = (message: string): GraphQLError =>
  new GraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
