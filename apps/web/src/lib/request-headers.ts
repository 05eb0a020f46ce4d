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

/** The SHA-256 of a document's text, in hex: the key of the gateway's trusted documents. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether the gateway answered that it holds no document for the hash sent (Apollo's persisted-query protocol). */
async function documentNotFound(response: Response): Promise<boolean> {
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { errors?: { extensions?: { code?: unknown } }[] } | undefined;
  return (
    Array.isArray(body?.errors) && body.errors.some((error) => error?.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND')
  );
}

/**
 * POSTs one GraphQL request as Apollo Client sends it: JSON, the headers every gateway request carries, the web's
 * client name, a new traceparent, and the document by the hash of its text alone (a trusted document: the gateway
 * holds its text). Only when the gateway holds no document for that hash (a gateway of another build) is it sent
 * again with its text, as Apollo's persisted-query link does. Rejects as `fetch` does (a network failure).
 */
export async function postToGateway(
  { gatewayUrl, language, fetch: send = fetch }: GatewayPost,
  token: string,
  { query, ...request }: { operationName: string; variables: unknown; query: string },
): Promise<Response> {
  const extensions = { persistedQuery: { version: 1, sha256Hash: await sha256Hex(query) } };
  const post = (body: Record<string, unknown>) =>
    send(gatewayUrl, {
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
  const byHash = await post({ ...request, extensions });
  return (await documentNotFound(byHash)) ? post({ ...request, query, extensions }) : byHash;
}
