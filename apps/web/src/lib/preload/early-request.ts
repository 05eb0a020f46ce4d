import { postToGateway, type GatewayPost } from '../request-headers';
import { canonicalJson, PRELOAD_FRESH_MS } from './query-preload';

/**
 * The address's first query sent with `fetch` as soon as the token is known, before Apollo Client and the app have
 * loaded: the route's preload module says which request its screen will send (`RoutePreload.request`,
 * the text Apollo sends from codegen's `gql/operation-texts.ts`), app/first-request.ts sends it, and Apollo's link
 * (lib/apollo.ts) hands its answer to the route's preload as that request's answer, so the screen reads it from the
 * cache as before and the gateway sees one request. An answer nobody takes within PRELOAD_FRESH_MS is dropped.
 *
 * Only a clean answer is handed over (2xx, JSON with `data` and no `errors`): after anything else the operation goes
 * to the gateway as if nothing had been sent, and the screen shows its own error.
 */

/** A request as Apollo's HttpLink sends it (its `extensions` aside). */
export interface EarlyRequest {
  operationName: string;
  /**
   * The operation's text, `__typename` added (codegen's `gql/operation-texts.ts`): sent by its hash alone, as Apollo
   * sends it (lib/request-headers.ts `postToGateway`), and compared with Apollo's operation when its answer is taken.
   */
  query: string;
  variables: Record<string, unknown>;
}

/** A clean answer: what Apollo's HttpLink would have passed on. */
export interface EarlyAnswer {
  data: Record<string, unknown>;
  extensions?: Record<string, unknown>;
}

export interface EarlyRequestOptions extends GatewayPost {
  /** The access token (the tab's kept one while keycloak-js resumes the session: lib/keycloak.ts). */
  getToken(): Promise<string>;
  /** Milliseconds now (tests). */
  now?: () => number;
}

interface Pending {
  query: string;
  answer: Promise<EarlyAnswer | undefined>;
  sentAt: number;
}

/** Requests sent and not yet taken: operation name and variables → request. */
const pending = new Map<string, Pending>();

const keyOf = (operationName: string | undefined, variables: unknown) =>
  `${operationName ?? '?'} ${canonicalJson(variables ?? {})}`;

/** The answer if it is one Apollo would have taken as a success; undefined otherwise. */
async function cleanAnswer(response: Response): Promise<EarlyAnswer | undefined> {
  if (!response.ok) return undefined;
  const body = (await response.json().catch(() => undefined)) as
    { data?: unknown; errors?: unknown; extensions?: unknown } | undefined;
  if (!body || typeof body.data !== 'object' || body.data === null) return undefined;
  if (Array.isArray(body.errors) ? body.errors.length > 0 : body.errors !== undefined) return undefined;
  return {
    data: body.data as Record<string, unknown>,
    ...(body.extensions && typeof body.extensions === 'object'
      ? { extensions: body.extensions as Record<string, unknown> }
      : {}),
  };
}

/**
 * POSTs `request` with the headers every gateway request carries (bearer token, source, locale, a new traceparent)
 * and keeps its answer for Apollo (`takeEarlyAnswer`). Never rejects: a failure settles with undefined.
 */
export function sendEarlyRequest(
  request: EarlyRequest,
  options: EarlyRequestOptions,
): Promise<EarlyAnswer | undefined> {
  const now = options.now ?? Date.now;
  const answer = options
    .getToken()
    .then((token) =>
      postToGateway(options, token, {
        operationName: request.operationName,
        variables: request.variables,
        query: request.query,
      }),
    )
    .then(cleanAnswer)
    .catch(() => undefined);
  pending.set(keyOf(request.operationName, request.variables), {
    query: request.query,
    answer,
    sentAt: now(),
  });
  return answer;
}

/**
 * The answer of the early request for exactly this operation (name, variables and text), taken once: the next
 * identical operation goes to the gateway. Undefined when none was sent, it was taken, or it is older than
 * PRELOAD_FRESH_MS. The promise settles with undefined when the request failed.
 */
export function takeEarlyAnswer(
  operation: { operationName?: string; variables?: unknown; query: string },
  now: number = Date.now(),
): Promise<EarlyAnswer | undefined> | undefined {
  const key = keyOf(operation.operationName, operation.variables);
  const sent = pending.get(key);
  if (!sent) return undefined;
  pending.delete(key);
  if (sent.query !== operation.query || now - sent.sentAt > PRELOAD_FRESH_MS) return undefined;
  return sent.answer;
}

/** Forgets every early request (tests). */
export function forgetEarlyRequests(): void {
  pending.clear();
}
