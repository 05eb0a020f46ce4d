import { Buffer } from 'node:buffer';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { ApolloServer, HeaderMap, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import accepts from 'accepts';
import cors from 'cors';
import { unwrapResolverError } from '@apollo/server/errors';
import { activityRow, createActivityWriter, type ActivityWriter } from './activity/activity-writer.js';
import { createMoveJournal, type MoveJournal } from './activity/move-journal.js';
import { createRefusalBudget } from './audit/refusal-budget.js';
import { connectStore, STORE_UNAVAILABLE_MESSAGE, type StoreHandle } from './activity/store-handle.js';
import { inStoreNamespace, storeNamespace } from './activity/store-namespace.js';
import { auditPlugin, type AuditEvent } from './audit/audit-plugin.js';
import { createTokenVerifier, type AuthUser, type TokenVerifier } from './auth/verify-token.js';
import type { GatewayConfig } from './config.js';
import { createContext, requestIdFrom } from './context.js';
import { TEST_NAMESPACE_HEADER, testNamespaceFrom } from './upstream/test-namespace.js';
import type { GatewayContext } from './gateway-context.js';
import { operatorLocale } from './operator-locale.js';
import { filesRouter } from './files/router.js';
import type { FileRoute } from './files/types.js';
import { formatError, isExpectedError } from './format-error.js';
import { createLogger, errorFields, type Logger } from './logger.js';
import { graphqlErrorBody, graphqlRefusal, operatorGate } from './http/operator-gate.js';
import { localsOf, pathOf, sendJson } from './http/plain.js';
import { methodIs, pathUnder, routeMatcher } from './http/routes.js';
import { jsonBody, type WithBody } from './limits/body-limit.js';
import { inputGuardPlugin, inputGuardRule } from './limits/input-guard.js';
import { armorSettings } from './limits/query-limits.js';
import { limitReportPlugin } from './limits/limit-report.js';
import { FILE_ROUTE_AREAS, MODULE_FILE_ROUTES, MUTATION_AREAS } from './modules.js';
import { supportedOperationsPlugin } from './limits/operation-kinds.js';
import { upstreamBudgetPlugin } from './limits/upstream-budget.js';
import { createLive } from './live/index.js';
import { sandboxRouter } from './sandbox/sandbox.js';
import { createDrain } from './shared/drain.js';
import { jitGateway } from './execution/jit-gateway.js';
import { stringifyResult } from './execution/raw-json.js';
import { buildSchema } from './schema.js';
import { httpMetrics, metricsPlugin } from './telemetry/metrics.js';
import { activeTraceId, traceRequests } from './telemetry/trace-context.js';
import { GENERIC_ERROR_MESSAGE } from './upstream/error-catalogue.js';
import { UpstreamError, isUpstreamFailure } from './upstream/errors.js';

export interface GatewayAppOptions {
  config: GatewayConfig;
  logger?: Logger;
  verifier?: TokenVerifier;
  /** The fetch used for upstream calls (tests). */
  fetch?: typeof fetch;
  /** The HTTP server, to drain it on stop. */
  httpServer?: Server;
  /** The routes served under /files (default: every module's; tests add their own). */
  fileRoutes?: readonly FileRoute[];
}

export interface GatewayApp {
  /** The request listener of the HTTP server: /graphql, the probes, /files and /sandbox. */
  app: RequestListener;
  apollo: ApolloServer<GatewayContext>;
  /** The gateway's store and its activity writer, when `config.store` names one. */
  store: StoreHandle | null;
  activity: ActivityWriter | null;
  /** The money moves' record (activity/move-journal.ts), when the store is configured. */
  moves: MoveJournal | null;
  /**
   * Stopping: `/readyz` answers 503 at once while connections are still accepted for `readinessDrainMs`, then
   * everything stops (in-flight requests within the grace period).
   */
  stop(): Promise<void>;
}

/**
 * graphql-armor limits: generous for the web's documents, tight for abuse. A refusal names its limit and value
 * (limits/query-limits.ts); every answer reports its cost (limits/limit-report.ts).
 */
export const ARMOR_LIMITS = {
  maxDepth: 10,
  maxAliases: 15,
  maxTokens: 2000,
  maxDirectives: 50,
  maxCost: 10_000,
} as const;

/** Largest JSON body accepted (refused from Content-Length before reading; a streamed body is cut there). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

interface Locals {
  requestId: string;
  testNamespace: string | null;
  started: number;
  user?: AuthUser;
  context?: GatewayContext;
  traceId?: string;
}

const locals = (res: ServerResponse): Partial<Locals> => localsOf<Locals>(res);

/**
 * Access log (one line per request, never the token), request id and, with the test profile's namespaces on
 * (`testNamespaces`), the request's test namespace (ignored otherwise: nothing forwarded, the store's normal rows).
 */
function requestLogging(
  logger: Logger,
  testNamespaces: boolean,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    const testNamespace = testNamespaces ? testNamespaceFrom(req.headers[TEST_NAMESPACE_HEADER]) : null;
    const started = performance.now();
    const path = pathOf(req);
    Object.assign(localsOf(res), { requestId, testNamespace, started } satisfies Locals);
    res.setHeader('x-request-id', requestId);
    res.on('finish', () => {
      const l = locals(res);
      const calls = l.context?.upstreamCalls;
      logger.info('request', {
        requestId,
        method: req.method,
        path,
        status: res.statusCode,
        durationMs: Math.round(performance.now() - started),
        ...(l.user ? { user: l.user.username } : {}),
        ...(l.context?.meta.operationName ? { operation: l.context.meta.operationName } : {}),
        ...(calls ? { upstreamCalls: calls.length } : {}),
        ...(l.traceId ? { traceId: l.traceId } : {}),
      });
    });
  };
}

/**
 * Headers of every answer. The API serves JSON only: its CSP forbids everything (a response opened as a page runs
 * nothing and cannot be framed); the sandbox replaces CSP and cache-control with its own. Answers are never cached.
 */
function securityHeaders(res: ServerResponse): void {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('cross-origin-resource-policy', 'same-site');
  res.setHeader('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('cache-control', 'no-store');
}

/** Logs failures with their internals (server side only) and records the operation name for the access log. */
function loggingPlugin(logger: Logger): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, operationName }) {
          contextValue.meta.operationName = operationName ?? null;
        },
        async didEncounterErrors({ errors, contextValue }) {
          for (const error of errors) {
            const original = unwrapResolverError(error);
            const base = { requestId: contextValue.requestId, path: error.path?.join('.') };
            if (isUpstreamFailure(original)) {
              logger.warn('upstream failure', {
                ...base,
                kind: original.name,
                service: original.service,
                ...(original instanceof UpstreamError
                  ? {
                      status: original.status,
                      code: original.code,
                      extendedCode: original.extendedCode,
                      upstreamMessage: original.upstreamMessage,
                    }
                  : {}),
              });
            } else if (!isExpectedError(error)) {
              logger.error('unexpected error', { ...base, ...errorFields(original) });
            }
          }
        },
      };
    },
  };
}

export async function createGatewayApp(options: GatewayAppOptions): Promise<GatewayApp> {
  const { config } = options;
  const logger = options.logger ?? createLogger(config.logLevel);
  const verifier =
    options.verifier ??
    createTokenVerifier({
      issuer: config.keycloakIssuer,
      jwksUrl: config.keycloakJwksUrl,
      audience: config.keycloakAudience,
      allowedAzp: config.keycloakAzp,
    });

  // Limits that name themselves (limits/query-limits.ts): introspection counted too, tokens by graphql-js.
  const armor = new ApolloArmor(armorSettings(ARMOR_LIMITS)).protect();

  // The store opens in the background (activity/store-handle.ts): the gateway serves meanwhile.
  const store = config.store ? connectStore({ config: config.store, logger }) : null;
  const activity = store
    ? createActivityWriter({
        store: () => store.current(),
        logger,
        retentionDays: config.activityRetentionDays,
      })
    : null;
  // Money moves (issue 60): the intent of each is stored before it is sent; moves of a gateway that stopped are
  // closed here once the store is open, and every few seconds after.
  const moves = store
    ? createMoveJournal({
        store: () => store.current(),
        logger,
        leaseMs: config.moves.leaseMs,
        recoverEveryMs: config.moves.recoverEveryMs,
      })
    : null;
  void store?.ready().then((opened) => {
    if (!opened) return;
    void activity?.purge();
    void moves?.recover();
  });
  const refusals = createRefusalBudget({ perHour: config.activityRefusalsPerHour, logger });

  const schema = buildSchema();
  const apollo = new ApolloServer<GatewayContext>({
    // The same schema either way; `jit` runs it through the compiled executor (execution/jit-gateway.ts).
    ...(config.graphqlExecutor === 'jit' ? { gateway: jitGateway(schema) } : { schema }),
    introspection: config.introspection,
    csrfPrevention: true,
    // Off until a trusted-documents list exists (an in-process APQ cache misses on other replicas and any
    // signed-in client could fill it); the web sends full documents.
    persistedQueries: false,
    allowBatchedHttpRequests: false,
    // Signals are the process's (run.ts: drain, flush the spans, exit), not Apollo's (stop, then re-raise).
    stopOnTerminationSignals: false,
    hideSchemaDetailsFromClientErrors: true,
    // A preference's stored JSON text goes into the answer as it is (execution/raw-json.ts, issue 61).
    stringifyResult,
    includeStacktraceInErrorResponses: false,
    formatError,
    validationRules: [...armor.validationRules, inputGuardRule],
    parseOptions: { maxTokens: ARMOR_LIMITS.maxTokens },
    plugins: [
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      ...(options.httpServer
        ? [
            ApolloServerPluginDrainHttpServer({
              httpServer: options.httpServer,
              stopGracePeriodMillis: config.shutdownGraceMs,
            }),
          ]
        : []),
      ...(armor.plugins as ApolloServerPlugin<GatewayContext>[]),
      // First of the gateway's: its refusal is the answer when another plugin also refuses the operation.
      inputGuardPlugin<GatewayContext>(),
      loggingPlugin(logger),
      auditPlugin({
        logger,
        schema,
        refusals,
        ...(moves
          ? {
              moves: {
                journal: moves,
                intentRow: (event) =>
                  activityRow(
                    event,
                    {
                      area: MUTATION_AREAS[event.operation] ?? null,
                      traceId: activeTraceId() ?? null,
                      namespace: storeNamespace(),
                    },
                    new Date(),
                  ),
              },
            }
          : {}),
        ...(activity
          ? {
              onEvent: (event) =>
                activity.record(event, {
                  area: MUTATION_AREAS[event.operation] ?? null,
                  traceId: activeTraceId() ?? null,
                  namespace: storeNamespace(),
                }),
            }
          : {}),
      }),
      supportedOperationsPlugin<GatewayContext>(),
      upstreamBudgetPlugin<GatewayContext>(config.upstreamCallBudget),
      metricsPlugin<GatewayContext>(),
      // extensions.cost and extensions.rateLimit on every answer (the limit is made below, read per request).
      limitReportPlugin<GatewayContext>({
        maxCost: ARMOR_LIMITS.maxCost,
        rateLimitLeft: (operator) => gate.rateLimit.left(operator),
      }),
    ],
  });
  await apollo.start();

  // Every request: its span, metrics, access log and security headers; then /graphql, the probes, /files and
  // /sandbox, routed on plain `node:http` (docs/decisions.md, issue 33).
  const trace = traceRequests();
  const metrics = httpMetrics();
  const accessLog = requestLogging(logger, config.testNamespaces);

  // Readiness is this process's own: a Keycloak outage stays inside the requests that need a key (their 503),
  // instead of taking every replica out of rotation at once.
  let stopping = false;
  let storeOpened = store === null;
  void store?.ready().then((opened) => (storeOpened = opened !== null));
  const drain = createDrain();

  const corsOrigins = new Set(config.corsOrigins);
  const apiCors = (exposedHeaders: string[]) =>
    cors({
      origin: (origin, callback) => callback(null, origin !== undefined && corsOrigins.has(origin)),
      credentials: false,
      methods: ['GET', 'POST'],
      allowedHeaders: [
        'authorization',
        'content-type',
        'apollo-require-preflight',
        'x-apollo-operation-name',
        // The web sends the platform's headers on every request (spec: source=backoffice, locale=es_AR).
        'source',
        'locale',
        'x-request-id',
        // W3C Trace Context: the web starts the trace (docs/operations.md §6).
        'traceparent',
        'tracestate',
        // A live stream's reconnection (GET /live, docs/live.md).
        'last-event-id',
      ],
      exposedHeaders,
      maxAge: 600,
    });

  // Per operator (the token's subject), after the token check: probes and refused tokens never count. One count
  // for /graphql and /files together.
  const gate = operatorGate({
    verifier,
    logger,
    rateLimit: { max: config.rateLimitMax, windowMs: config.rateLimitWindowMs },
    tokenLinesPerMinute: config.refusalLinesPerMinute,
  });
  // Live changes and presence (issue 63): the store's events and presence, fanned out to this replica's streams.
  const live = store ? createLive({ store, gate, logger, settings: config.live }) : null;
  const liveCors = apiCors(['x-request-id']);
  const sandbox = config.sandbox ? sandboxRouter({ config, verifier, schema }) : null;
  const favicon = routeMatcher('/favicon.ico');
  // Files: the same origins and headers as /graphql; the browser reads the file's name and length.
  const filesCors = apiCors(['x-request-id', 'content-disposition', 'content-length']);
  const files = filesRouter({
    config,
    gate,
    logger,
    routes: options.fileRoutes ?? MODULE_FILE_ROUTES,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    store,
    ...(activity
      ? {
          onUpload: (event: AuditEvent) =>
            activity.record(event, {
              area: FILE_ROUTE_AREAS[event.operation] ?? null,
              traceId: activeTraceId() ?? null,
              namespace: storeNamespace(),
            }),
        }
      : {}),
  });
  const notFound = (res: ServerResponse) => {
    sendJson(res, 404, graphqlErrorBody('No encontrado.', 'NOT_FOUND'));
  };
  /**
   * A failure /files or /sandbox did not answer themselves, in the shape Express's error handler gave it: its
   * 4xx status (a malformed path parameter 400, a missing sandbox asset 404) with a Spanish message, anything else
   * a 500 with the generic one, logged.
   */
  const answerError = (res: ServerResponse, err: unknown) => {
    const declared = (err as { status?: unknown } | null | undefined)?.status;
    const status = typeof declared === 'number' && declared >= 400 && declared < 500 ? declared : 500;
    if (status === 500)
      logger.error('unhandled error', { requestId: locals(res).requestId, ...errorFields(err) });
    if (res.headersSent) return;
    const message =
      status === 413
        ? 'La solicitud es demasiado grande.'
        : status < 500
          ? 'La solicitud no es válida.'
          : GENERIC_ERROR_MESSAGE;
    sendJson(res, status, graphqlErrorBody(message, status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR'));
  };

  /** /files: CORS (a preflight ends there), then the module's routes. */
  const serveFiles = (req: IncomingMessage, res: ServerResponse, path: string) => {
    filesCors(req, res, (error?: unknown) => {
      if (error) answerError(res, error);
      else files(req, res, path).catch((failure: unknown) => answerError(res, failure));
    });
  };

  /** Everything but /graphql and the probes; what no route serves is a 404. */
  const others = (req: IncomingMessage, res: ServerResponse, path: string) => {
    const sandboxPath = sandbox ? pathUnder('/sandbox', path) : null;
    if (sandbox && sandboxPath !== null) {
      const fail = (error: unknown) => answerError(res, error ?? { status: 404 });
      sandbox(req, res, sandboxPath, fail).then(
        (answered) => answered || notFound(res),
        (failure: unknown) => answerError(res, failure),
      );
      return;
    }
    if (methodIs(req, 'GET') && favicon(path)) {
      res.statusCode = 204;
      res.end();
      return;
    }
    const filesPath = pathUnder('/files', path);
    if (filesPath !== null) serveFiles(req, res, filesPath);
    else if (live && pathUnder('/live', path) !== null) {
      // /live and /live/presence (live/index.ts, docs/live.md): CORS as /graphql's, then the stream or the presence.
      liveCors(req, res, (error?: unknown) => {
        if (error) failed(res, error);
        else if (!live.handle(req, res, path)) notFound(res);
      });
    } else notFound(res);
  };

  const graphqlCors = apiCors(['x-request-id']);
  const readBody = jsonBody(BODY_LIMIT_BYTES);

  /** A failure nothing else answered: logged with its internals, answered 500 with the generic message. */
  const failed = (res: ServerResponse, error: unknown) => {
    logger.error('unhandled error', { requestId: locals(res).requestId, ...errorFields(error) });
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendJson(res, 500, graphqlErrorBody(GENERIC_ERROR_MESSAGE, 'INTERNAL_SERVER_ERROR'));
  };

  /** Apollo Server's own HTTP handling (what its Express integration did, without Express). */
  const executeGraphql = async (req: WithBody, res: ServerResponse, user: AuthUser) => {
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const url = req.url ?? '';
    const query = url.indexOf('?');
    // The audit's rows and moves of this request are its test namespace's (activity/store-namespace.ts).
    const answer = await inStoreNamespace(locals(res).testNamespace ?? '', () =>
      apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: {
          method: (req.method ?? 'GET').toUpperCase(),
          headers,
          search: query === -1 ? '' : url.slice(query),
          body: req.body,
        },
        context: async () => {
          const l = locals(res);
          const context = createContext({
            config,
            user,
            requestId: l.requestId!,
            testNamespace: l.testNamespace ?? null,
            locale: operatorLocale(req.headers.locale, req.headers['accept-language']),
            logger,
            drainSignal: drain.signal,
            store,
            ...(options.fetch ? { fetch: options.fetch } : {}),
          });
          l.context = context;
          return context;
        },
      }),
    );
    for (const [key, value] of answer.headers) res.setHeader(key, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === 'complete') {
      res.setHeader('content-length', Buffer.byteLength(answer.body.string));
      res.end(answer.body.string);
      return;
    }
    for await (const chunk of answer.body.asyncIterator) res.write(chunk);
    res.end();
  };

  /** After CORS: the sandbox redirect of a browser's GET, the token, the rate limit, the body, Apollo. */
  const graphql = async (req: WithBody, res: ServerResponse) => {
    if (
      config.sandbox &&
      req.method === 'GET' &&
      !new URLSearchParams(req.url?.split('?')[1] ?? '').has('query') &&
      accepts(req).type(['application/json', 'text/html']) === 'text/html'
    ) {
      res.statusCode = 302;
      res.setHeader('location', '/sandbox');
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('Found. Redirecting to /sandbox');
      return;
    }
    res.setHeader('cache-control', 'no-store');
    const user = await gate.admit(req, res, graphqlRefusal);
    if (!user) return;
    readBody(req, res, () => {
      executeGraphql(req, res, user).catch((failure: unknown) => failed(res, failure));
    });
  };

  /**
   * Test profile only (`TEST_NAMESPACES`): `POST /__admin/reset-store?namespace=<name>` (or the `x-test-namespace`
   * header; neither: the default namespace) deletes that namespace's rows of the store, activity and preferences:
   * the test stack's stubs call it on each `POST /__admin/reset` (docs/testing-integration.md §4). No token, as the
   * stubs' admin calls; without the profile the path does not exist (404).
   */
  const resetStore = async (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('cache-control', 'no-store');
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      sendJson(res, 405, graphqlErrorBody('Use POST.', 'METHOD_NOT_ALLOWED'));
      return;
    }
    const named = new URLSearchParams(req.url?.split('?')[1] ?? '').get('namespace');
    const namespace = named === null ? (locals(res).testNamespace ?? '') : named && testNamespaceFrom(named);
    if (namespace === null) {
      sendJson(
        res,
        400,
        graphqlErrorBody(
          "El espacio de pruebas debe tener de 1 a 64 letras, dígitos, '.', '_', ':' o '-'.",
          'BAD_REQUEST',
        ),
      );
      return;
    }
    const opened = store ? (store.current() ?? (await store.ready())) : null;
    if (!opened) {
      sendJson(res, 503, graphqlErrorBody(STORE_UNAVAILABLE_MESSAGE, 'STORE_UNAVAILABLE'));
      return;
    }
    const cleared = await opened.clearNamespace(namespace);
    sendJson(res, 200, { status: 'ok', namespace, ...cleared });
  };

  const probe = (res: ServerResponse, status: number, body: unknown) => {
    res.setHeader('cache-control', 'no-store');
    sendJson(res, status, body);
  };

  const handler: RequestListener = (req, res) => {
    trace(req, res, () => {
      metrics(req, res);
      accessLog(req, res);
      securityHeaders(res);
      const path = pathOf(req);
      const get = req.method === 'GET' || req.method === 'HEAD';
      if (path === '/graphql') {
        graphqlCors(req, res, (error?: unknown) => {
          if (error) failed(res, error);
          else graphql(req, res).catch((failure: unknown) => failed(res, failure));
        });
      } else if (path === '/healthz' && get) {
        probe(res, 200, { status: 'ok' });
      } else if (config.testNamespaces && path === '/__admin/reset-store') {
        resetStore(req, res).catch((failure: unknown) => failed(res, failure));
      } else if (path === '/readyz' && get) {
        // Ready once the store is open (a money move needs it: issue 60), until the stop begins. A store that drops
        // later keeps the replica ready: reads and screens work, moves are refused with a message.
        const status = stopping ? 'stopping' : storeOpened ? 'ok' : 'store_not_open';
        probe(res, status === 'ok' ? 200 : 503, { status });
      } else {
        try {
          others(req, res, path);
        } catch (error) {
          // A path parameter that is not valid percent-encoding (BadPathError, a 400).
          answerError(res, error);
        }
      }
    });
  };

  const stop = async () => {
    stopping = true;
    // Not ready any more, still serving: a load balancer that polls /readyz stops sending first.
    if (config.readinessDrainMs > 0) {
      logger.info('not ready: draining before the stop', { readinessDrainMs: config.readinessDrainMs });
      await new Promise((resolve) => setTimeout(resolve, config.readinessDrainMs));
    }
    // Live streams end once the load balancer stopped sending here: their clients reconnect to another replica.
    await live?.close();
    drain.begin(config.shutdownGraceMs);
    return apollo
      .stop()
      .finally(() => drain.dispose())
      .finally(() => refusals.close())
      .finally(() => gate.close())
      .finally(() => activity?.close())
      .finally(() => moves?.close())
      .finally(() => store?.close());
  };
  return { app: handler, apollo, store, activity, moves, stop };
}
