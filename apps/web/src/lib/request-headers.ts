import { newTraceparent } from './traceparent';

/**
 * Headers every gateway request carries (spec 000 §1, spec 001 §7): source=backoffice, locale=es_AR when the
 * browser language starts with "es", and the bearer token. A request that already says source=collector
 * is left alone.
 */
export function requestHeaders(
  previous: Record<string, string> | undefined,
  { token, language }: { token: string | undefined; language: string | undefined },
): Record<string, string> {
  const headers: Record<string, string> = { ...previous };
  if (headers.source === 'collector') return headers;
  headers.source = 'backoffice';
  if (language && language.toLowerCase().startsWith('es')) headers.locale = 'es_AR';
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** Where and how a GraphQL request reaches the gateway without Apollo Client (the shell's `me`, the early request). */
export interface GatewayPost {
  gatewayUrl: string;
  /** The browser language (navigator.language). */
  language?: string;
  fetch?: typeof fetch;
}

/**
 * POSTs one GraphQL request as Apollo's HttpLink would: JSON, the headers every gateway request carries and a new
 * traceparent. Rejects as `fetch` does (a network failure).
 */
export function postToGateway(
  { gatewayUrl, language, fetch: send = fetch }: GatewayPost,
  token: string,
  body: { operationName: string; variables: unknown; query: string },
): Promise<Response> {
  return send(gatewayUrl, {
    method: 'POST',
    headers: {
      ...requestHeaders(
        {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json,application/json;q=0.9',
        },
        { token, language: language ?? (typeof navigator === 'undefined' ? undefined : navigator.language) },
      ),
      traceparent: newTraceparent(),
    },
    body: JSON.stringify(body),
  });
}
