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

/** The web's client, as the gateway knows it: its documents are the trusted ones (execution/trusted-documents.ts). */
export const WEB_CLIENT_NAME = 'backoffice-web';

/**
 * POSTs one GraphQL request as Apollo's HttpLink would: JSON, the headers every gateway request carries, the web's
 * client name and a new traceparent. Rejects as `fetch` does (a network failure). Its text goes whole (a trusted one:
 * the shell sends it before Apollo, whose link sends the others by their hash alone).
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
          'apollographql-client-name': WEB_CLIENT_NAME,
        },
        { token, language: language ?? (typeof navigator === 'undefined' ? undefined : navigator.language) },
      ),
      traceparent: newTraceparent(),
    },
    body: JSON.stringify(body),
  });
}
