import type { Server } from 'node:http';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import cors from 'cors';
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from 'express';
import { unwrapResolverError } from '@apollo/server/errors';
import { auditPlugin } from './audit/audit-plugin.js';
import {
  createTokenVerifier,
  InvalidTokenError,
  type AuthUser,
  type TokenVerifier,
} from './auth/verify-token.js';
import type { GatewayConfig } from './config.js';
import { createContext, requestIdFrom } from './context.js';
import type { GatewayContext } from './gateway-context.js';
import { operatorLocale } from './operator-locale.js';
import { filesRouter } from './files/router.js';
import type { FileRoute } from './files/types.js';
import { formatError, isExpectedError } from './format-error.js';
import { createLogger, errorFields, type Logger } from './logger.js';
import { jsonBody } from './limits/body-limit.js';
import { operatorRateLimit } from './limits/rate-limit.js';
import { MODULE_FILE_ROUTES } from './modules.js';
import { supportedOperationsPlugin } from './limits/operation-kinds.js';
import { upstreamBudgetPlugin } from './limits/upstream-budget.js';
import { sandboxRouter } from './sandbox/sandbox.js';
import { createDrain } from './shared/drain.js';
import { jitGateway } from './execution/jit-gateway.js';
import { buildSchema } from './schema.js';
import { httpMetrics, metricsPlugin } from './telemetry/metrics.js';
import { traceRequests } from './telemetry/trace-context.js';
import {
  GENERIC_ERROR_MESSAGE,
  UNAUTHENTICATED_MESSAGE,
  UNAVAILABLE_MESSAGE,
} from './upstream/error-catalogue.js';
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
  app: express.Express;
  apollo: ApolloServer<GatewayContext>;
  stop(): Promise<void>;
}

/** graphql-armor limits: generous for the web's documents, tight for abuse. Limits are not exposed. */
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
  started: number;
  user?: AuthUser;
  context?: GatewayContext;
}

const locals = (res: Response): Locals => res.locals as Locals;

const graphqlErrorBody = (message: string, code: string) => ({ errors: [{ message, extensions: { code } }] });

/** Access log (one line per request, never the token) and request id. */
function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    Object.assign(res.locals, { requestId, started: performance.now() } satisfies Locals);
    res.setHeader('x-request-id', requestId);
    res.on('finish', () => {
      const l = locals(res);
      const calls = l.context?.upstreamCalls;
      logger.info('request', {
        requestId,
        method: req.method,
        path: req.originalUrl.split('?')[0],
        status: res.statusCode,
        durationMs: Math.round(performance.now() - l.started),
        ...(l.user ? { user: l.user.username } : {}),
        ...(l.context?.meta.operationName ? { operation: l.context.meta.operationName } : {}),
        ...(calls ? { upstreamCalls: calls.length } : {}),
        ...(res.locals.traceId ? { traceId: res.locals.traceId } : {}),
      });
    });
    next();
  };
}

/**
 * Headers of every answer. The API serves JSON only: its CSP forbids everything (a response opened as a page runs
 * nothing and cannot be framed); the sandbox replaces CSP and cache-control with its own. Answers are never cached.
 */
function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'no-referrer');
    res.setHeader('cross-origin-resource-policy', 'same-site');
    res.setHeader('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    res.setHeader('x-frame-options', 'DENY');
    res.setHeader('cache-control', 'no-store');
    next();
  };
}

/** Every GraphQL request needs a valid token: 401 with a GraphQL-shaped body otherwise, and no detail of why. */
function requireToken(verifier: TokenVerifier, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    try {
      locals(res).user = await verifier.verify(req.headers.authorization);
      next();
    } catch (error) {
      const reason = error instanceof InvalidTokenError ? error.reason : String(error);
      const unavailable = error instanceof InvalidTokenError && error.unavailable;
      logger.warn(unavailable ? 'token not verifiable: keys unavailable' : 'token rejected', {
        requestId: locals(res).requestId,
        reason,
      });
      res.setHeader('cache-control', 'no-store');
      if (unavailable) {
        res.status(503).json(graphqlErrorBody(UNAVAILABLE_MESSAGE, 'UPSTREAM_UNAVAILABLE'));
        return;
      }
      res.setHeader('www-authenticate', 'Bearer');
      res.status(401).json(graphqlErrorBody(UNAUTHENTICATED_MESSAGE, 'UNAUTHENTICATED'));
    }
  };
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

  const armor = new ApolloArmor({
    // ignoreIntrospection: false — introspection is counted too (its exemption had a bypass).
    maxDepth: {
      n: ARMOR_LIMITS.maxDepth,
      flattenFragments: true,
      ignoreIntrospection: false,
      exposeLimits: false,
    },
    maxAliases: { n: ARMOR_LIMITS.maxAliases, exposeLimits: false },
    // Its token plugin throws from a hook, which Apollo answers with a 500: graphql-js's own parser limit
    // (parseOptions.maxTokens) answers GRAPHQL_PARSE_FAILED / 400 instead; formatError hides the number.
    maxTokens: { enabled: false },
    maxDirectives: { n: ARMOR_LIMITS.maxDirectives, exposeLimits: false },
    costLimit: {
      maxCost: ARMOR_LIMITS.maxCost,
      flattenFragments: true,
      ignoreIntrospection: false,
      exposeLimits: false,
    },
    blockFieldSuggestion: { enabled: true },
  }).protect();

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
    includeStacktraceInErrorResponses: false,
    formatError,
    validationRules: armor.validationRules,
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
      loggingPlugin(logger),
      auditPlugin({ logger, schema }),
      supportedOperationsPlugin<GatewayContext>(),
      upstreamBudgetPlugin<GatewayContext>(config.upstreamCallBudget),
      metricsPlugin<GatewayContext>(),
    ],
  });
  await apollo.start();

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(traceRequests(), httpMetrics(), requestLogging(logger), securityHeaders());

  app.get('/healthz', (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.json({ status: 'ok' });
  });
  // Readiness is this process's own: a Keycloak outage stays inside the requests that need a key (their 503),
  // instead of taking every replica out of rotation at once.
  let stopping = false;
  const drain = createDrain();
  app.get('/readyz', (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    res.status(stopping ? 503 : 200).json({ status: stopping ? 'stopping' : 'ok' });
  });

  if (config.sandbox) app.use('/sandbox', sandboxRouter({ config, verifier, schema }));
  app.get('/favicon.ico', (_req, res) => {
    res.status(204).end();
  });

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
      ],
      exposedHeaders,
      maxAge: 600,
    });
  app.use('/graphql', apiCors(['x-request-id']));
  // Files: the same origins and headers; the browser reads the file's name and length.
  app.use(
    '/files',
    apiCors(['x-request-id', 'content-disposition', 'content-length']),
    filesRouter({
      config,
      verifier,
      logger,
      routes: options.fileRoutes ?? MODULE_FILE_ROUTES,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  );
  app.get('/graphql', (req, res, next) => {
    if (
      config.sandbox &&
      req.query.query === undefined &&
      req.accepts(['application/json', 'text/html']) === 'text/html'
    ) {
      res.redirect(302, '/sandbox');
      return;
    }
    next();
  });
  app.use(
    '/graphql',
    (_req, res, next) => {
      res.setHeader('cache-control', 'no-store');
      next();
    },
    requireToken(verifier, logger),
    // Per operator (the token's subject), after the token check: probes and refused tokens never count.
    operatorRateLimit({
      max: config.rateLimitMax,
      windowMs: config.rateLimitWindowMs,
      operatorOf: (res) => locals(res).user?.subject,
    }),
    jsonBody(BODY_LIMIT_BYTES),
    expressMiddleware(apollo, {
      context: async ({ req, res }) => {
        const l = locals(res);
        const context = createContext({
          config,
          user: l.user!,
          requestId: l.requestId,
          locale: operatorLocale(req.headers.locale, req.headers['accept-language']),
          logger,
          drainSignal: drain.signal,
          ...(options.fetch ? { fetch: options.fetch } : {}),
        });
        l.context = context;
        return context;
      },
    }),
  );

  app.use((_req, res) => {
    res.status(404).json(graphqlErrorBody('No encontrado.', 'NOT_FOUND'));
  });
  const errorHandler: ErrorRequestHandler = (err, _req, res, _next) => {
    const status =
      typeof err?.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500)
      logger.error('unhandled error', { requestId: locals(res).requestId, ...errorFields(err) });
    if (res.headersSent) return;
    const message =
      status === 413
        ? 'La solicitud es demasiado grande.'
        : status < 500
          ? 'La solicitud no es válida.'
          : GENERIC_ERROR_MESSAGE;
    res
      .status(status)
      .json(graphqlErrorBody(message, status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR'));
  };
  app.use(errorHandler);

  const stop = () => {
    stopping = true;
    drain.begin(config.shutdownGraceMs);
    return apollo.stop().finally(() => drain.dispose());
  };
  return { app, apollo, stop };
}
