/**
 * `/graphql` on the plain `node:http` listener: CORS, a browser's GET sent to the sandbox, the operator gate (token,
 * the shared per-operator limit), the JSON body within its bound, then Apollo Server's own HTTP handling (what its
 * Express integration did, without Express), in the request's test namespace.
 */
import { Buffer } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import accepts from 'accepts';
import { inStoreNamespace } from '../activity/store-namespace.js';
import type { StoreHandle } from '../activity/store-handle.js';
import type { AuthUser } from '../auth/verify-token.js';
import type { GatewayConfig } from '../config.js';
import { createContext } from '../context.js';
import type { MoneyPolicy } from '../money/policy.js';
import type { GatewayContext } from '../gateway-context.js';
import { jsonBody, type WithBody } from '../limits/body-limit.js';
import type { Logger } from '../logger.js';
import { operatorLocale } from '../operator-locale.js';
import { gatewayLocals } from './access-log.js';
import type { CorsStep } from './cors.js';
import { graphqlRefusalWith, type OperatorGate } from './operator-gate.js';

/** Largest JSON body accepted (refused from Content-Length before reading; a streamed body is cut there). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface GraphqlRouteOptions {
  config: GatewayConfig;
  apollo: ApolloServer<GatewayContext>;
  gate: OperatorGate;
  logger: Logger;
  store: StoreHandle | null;
  /** The money pipeline's parts (money/pipeline.ts): null without a store. */
  money: MoneyPolicy | null;
  /** Aborted when the stop's grace period ends (shared/drain.ts). */
  drainSignal: AbortSignal;
  cors: CorsStep;
  /** Answers a failure nothing else answered (answers.ts). */
  failed: (res: ServerResponse, error: unknown) => void;
  fetch?: typeof fetch;
  /**
   * What an answer refused before Apollo (the gate's 401, 429 or 503, a body refused) reports in `extensions`,
   * as every GraphQL answer does (its cost: limits/limit-report.ts).
   */
  refusalExtensions?: Record<string, unknown>;
}

/** With the sandbox on, a browser opening /graphql (an HTML GET without a query) is sent there. */
function redirectsToSandbox(req: IncomingMessage, res: ServerResponse): boolean {
  if (
    req.method !== 'GET' ||
    new URLSearchParams(req.url?.split('?')[1] ?? '').has('query') ||
    accepts(req).type(['application/json', 'text/html']) !== 'text/html'
  ) {
    return false;
  }
  res.statusCode = 302;
  res.setHeader('location', '/sandbox');
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end('Found. Redirecting to /sandbox');
  return true;
}

/** Apollo's answer written to the response: whole with its length, or streamed (incremental delivery). */
async function writeAnswer(
  res: ServerResponse,
  answer: Awaited<ReturnType<ApolloServer<GatewayContext>['executeHTTPGraphQLRequest']>>,
): Promise<void> {
  for (const [key, value] of answer.headers) res.setHeader(key, value);
  res.statusCode = answer.status ?? 200;
  if (answer.body.kind === 'complete') {
    res.setHeader('content-length', Buffer.byteLength(answer.body.string));
    res.end(answer.body.string);
    return;
  }
  for await (const chunk of answer.body.asyncIterator) res.write(chunk);
  res.end();
}

/** The request's headers as Apollo reads them (repeated ones joined). */
function headerMap(req: IncomingMessage): HeaderMap {
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

export function graphqlRoute(
  options: GraphqlRouteOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { config, apollo, gate, logger, store, drainSignal, failed } = options;
  const extensions = options.refusalExtensions ?? {};
  const readBody = jsonBody(BODY_LIMIT_BYTES, extensions);
  const refusal = graphqlRefusalWith(extensions);

  /** The request's context: its operator, ids, locale and upstream clients (kept for the access log). */
  const contextOf = (req: IncomingMessage, res: ServerResponse, user: AuthUser): GatewayContext => {
    const l = gatewayLocals(res);
    const context = createContext({
      config,
      user,
      requestId: l.requestId!,
      testNamespace: l.testNamespace ?? null,
      locale: operatorLocale(req.headers.locale, req.headers['accept-language']),
      logger,
      drainSignal,
      store,
      money: options.money,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    l.context = context;
    return context;
  };

  const execute = async (req: WithBody, res: ServerResponse, user: AuthUser) => {
    const url = req.url ?? '';
    const query = url.indexOf('?');
    // The audit's rows and moves of this request are its test namespace's (activity/store-namespace.ts).
    const answer = await inStoreNamespace(gatewayLocals(res).testNamespace ?? '', () =>
      apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: (req.method ?? 'GET').toUpperCase(),
          headers: headerMap(req),
          search: query === -1 ? '' : url.slice(query),
          body: req.body,
        },
        context: async () => contextOf(req, res, user),
      }),
    );
    await writeAnswer(res, answer);
  };

  /** After CORS: the sandbox redirect of a browser's GET, the gate, the body, Apollo. */
  const serve = async (req: WithBody, res: ServerResponse) => {
    if (config.sandbox && redirectsToSandbox(req, res)) return;
    res.setHeader('cache-control', 'no-store');
    const user = await gate.admit(req, res, refusal);
    if (!user) return;
    readBody(req, res, () => {
      execute(req, res, user).catch((failure: unknown) => failed(res, failure));
    });
  };

  return (req, res) =>
    options.cors(req, res, (error?: unknown) => {
      if (error) failed(res, error);
      else serve(req, res).catch((failure: unknown) => failed(res, failure));
    });
}
