import type { RequestListener, Server } from 'node:http';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLSchema } from 'graphql';
import { activityRow, createActivityWriter, type ActivityWriter } from './activity/activity-writer.js';
import { createMoveJournal, type MoveJournal } from './money/journal.js';
import { createMoneyPolicy } from './money/pipeline.js';
import { trustedDocumentsCache, webTrustedDocumentsPlugin } from './execution/trusted-documents.js';
import { documentCache } from './execution/document-cache.js';
import { createApprovalGate, DEFAULT_POLICY_REFRESH_MS, type ApprovalGate } from './money/approvals.js';
import { createPolicyCache } from './money/approval-policies.js';
import { startApprovalExpiry, type ApprovalExpiry } from './money/approval-expiry.js';
import { createRefusalBudget } from './audit/refusal-budget.js';
import { connectStore, type StoreHandle } from './activity/store-handle.js';
import { storeNamespace } from './activity/store-namespace.js';
import { auditPlugin, type AuditEvent } from './audit/audit-plugin.js';
import { createTokenVerifier, type TokenVerifier } from './auth/verify-token.js';
import type { GatewayConfig } from './config.js';
import type { GatewayContext } from './gateway-context.js';
import { filesRouter } from './files/router.js';
import type { FileRoute } from './files/types.js';
import { formatError, isExpectedError } from './format-error.js';
import { createLogger, errorFields, type Logger } from './logger.js';
import { requestLogging, securityHeaders } from './http/access-log.js';
import { errorAnswers, type ErrorAnswers } from './http/answers.js';
import { apiCors } from './http/cors.js';
import { graphqlRoute } from './http/graphql-route.js';
import { operatorGate, type OperatorGate } from './http/operator-gate.js';
import { pathOf } from './http/plain.js';
import { healthz, readyz, resetStore } from './http/probes.js';
import { createLive, type Live } from './live/index.js';
import {
  below,
  exactly,
  pattern,
  routeTable,
  type Route,
  type RouteHandler,
  type RouteMatch,
} from './http/route-table.js';
import { inputGuardPlugin, inputGuardRule } from './limits/input-guard.js';
import { armorSettings, QUERY_LIMITS } from './limits/query-limits.js';
import { limitReportPlugin, refusedCost } from './limits/limit-report.js';
import { FILE_ROUTE_AREAS, MODULE_FILE_ROUTES, MUTATION_AREAS } from './modules.js';
import { supportedOperationsPlugin } from './limits/operation-kinds.js';
import { upstreamBudgetPlugin } from './limits/upstream-budget.js';
import { sandboxRouter } from './sandbox/sandbox.js';
import { createDrain } from './shared/drain.js';
import { jitGateway } from './execution/jit-gateway.js';
import { stringifyResult } from './execution/raw-json.js';
import { buildPreviousMajors, buildSchema } from './schema.js';
import { httpMetrics, metricsPlugin } from './telemetry/metrics.js';
import { activeTraceId, traceRequests } from './telemetry/trace-context.js';
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
  /** The money moves' record (money/journal.ts), when the store is configured. */
  moves: MoveJournal | null;
  /** The approval policies' gate and the expiry of undecided requests, when the store is configured. */
  approvals: { gate: ApprovalGate; expiry: ApprovalExpiry } | null;
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
export const ARMOR_LIMITS = QUERY_LIMITS;

export { BODY_LIMIT_BYTES } from './http/graphql-route.js';

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

/** The gateway's own data (docs/architecture.md §6): the store, its activity writer and the money moves' record. */
interface StoreParts {
  store: StoreHandle | null;
  activity: ActivityWriter | null;
  moves: MoveJournal | null;
  /** Four eyes on money: the policies' gate and the expiry of undecided requests (money/approvals.ts). */
  approvals: { gate: ApprovalGate; expiry: ApprovalExpiry } | null;
  /** Refused requests as activity events, within their budget (audit/refusal-budget.ts). */
  refusals: ReturnType<typeof createRefusalBudget>;
}

/** Opens the store in the background (activity/store-handle.ts): the gateway serves meanwhile. */
function openStore(config: GatewayConfig, logger: Logger): StoreParts {
  const store = config.store ? connectStore({ config: config.store, logger }) : null;
  const activity = store
    ? createActivityWriter({
        store: () => store.current(),
        logger,
        retentionDays: config.activityRetentionDays,
      })
    : null;
  // Money moves: the intent of each is stored before it is sent; moves of a gateway that stopped are
  // closed here once the store is open, and every few seconds after.
  const moves = store
    ? createMoveJournal({
        store: () => store.current(),
        logger,
        leaseMs: config.moves.leaseMs,
        recoverEveryMs: config.moves.recoverEveryMs,
        maxMovesPerOperatorPerDay: config.moves.maxPerOperatorPerDay,
      })
    : null;
  void store?.ready().then((opened) => {
    if (!opened) return;
    void activity?.purge();
    void moves?.recover();
  });
  const approvals =
    store && moves
      ? {
          gate: createApprovalGate(
            config.approvals,
            () => store.current(),
            undefined,
            createPolicyCache({
              store: () => store.current(),
              refreshMs: config.approvals.policyRefreshMs ?? DEFAULT_POLICY_REFRESH_MS,
              logger,
            }),
          ),
          expiry: startApprovalExpiry({ store: () => store.current(), journal: moves, logger }),
        }
      : null;
  const refusals = createRefusalBudget({ perHour: config.activityRefusalsPerHour, logger });
  return { store, activity, moves, approvals, refusals };
}

/** An audit event's row fields: its area (by its mutation or file route), the trace and the test namespace. */
const activityFields = (
  areas: Readonly<Record<string, string | null | undefined>>,
  event: Pick<AuditEvent, 'operation'>,
) => ({
  area: areas[event.operation] ?? null,
  traceId: activeTraceId() ?? null,
  namespace: storeNamespace(),
});

interface ApolloParts extends StoreParts {
  config: GatewayConfig;
  logger: Logger;
  schema: GraphQLSchema;
  gate: OperatorGate;
}

/** Apollo Server with the gateway's schema, limits and plugins (started by the caller). */
function createApollo(
  { config, logger, schema, gate, activity, refusals }: ApolloParts,
  options: Pick<GatewayAppOptions, 'httpServer'>,
): ApolloServer<GatewayContext> {
  // Limits that name themselves (limits/query-limits.ts): introspection counted too, tokens by graphql-js.
  const armor = new ApolloArmor(armorSettings(ARMOR_LIMITS)).protect();
  return new ApolloServer<GatewayContext>({
    // The same schema either way; `jit` runs it through the compiled executor (execution/jit-gateway.ts).
    ...(config.graphqlExecutor === 'jit' ? { gateway: jitGateway(schema) } : { schema }),
    introspection: config.introspection,
    csrfPrevention: true,
    // The web's trusted documents by hash, read-only (no client can add one; every replica knows the same).
    persistedQueries: trustedDocumentsCache(),
    // Parsed documents bounded by what they hold in memory (Apollo's own store undercounts them about 4 times).
    documentStore: documentCache(config.documentCacheMaxBytes),
    allowBatchedHttpRequests: false,
    // Signals are the process's (run.ts: drain, flush the spans, exit), not Apollo's (stop, then re-raise).
    stopOnTerminationSignals: false,
    hideSchemaDetailsFromClientErrors: true,
    // A preference's stored JSON text goes into the answer as it is (execution/raw-json.ts).
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
      ...(config.webTrustedDocumentsOnly ? [webTrustedDocumentsPlugin<GatewayContext>()] : []),
      // First of the gateway's: its refusal is the answer when another plugin also refuses the operation.
      inputGuardPlugin<GatewayContext>(),
      loggingPlugin(logger),
      auditPlugin({
        logger,
        schema,
        refusals,
        ...(activity
          ? {
              onEvent: (event) => activity.record(event, activityFields(MUTATION_AREAS, event)),
            }
          : {}),
      }),
      supportedOperationsPlugin<GatewayContext>(),
      upstreamBudgetPlugin<GatewayContext>({
        maxCost: ARMOR_LIMITS.maxCost,
        maxUpstreamCalls: config.upstreamCallBudget,
      }),
      metricsPlugin<GatewayContext>(),
      // extensions.cost and extensions.rateLimit on every answer (the gate's limit, read per request).
      limitReportPlugin<GatewayContext>({
        maxCost: ARMOR_LIMITS.maxCost,
        maxUpstreamCalls: config.upstreamCallBudget,
        rateLimitLeft: (operator) => gate.rateLimit.left(operator),
      }),
    ],
  });
}

interface RouteParts {
  config: GatewayConfig;
  logger: Logger;
  verifier: TokenVerifier;
  schema: GraphQLSchema;
  apollo: ApolloServer<GatewayContext>;
  /** The previous majors served beside the current one, each its path and its Apollo (execution/majors.ts). */
  majors: readonly { path: string; apollo: ApolloServer<GatewayContext> }[];
  gate: OperatorGate;
  store: StoreParts;
  drainSignal: AbortSignal;
  ready: () => { stopping: boolean; storeOpened: boolean };
  answers: ErrorAnswers;
  fetch?: typeof fetch;
  fileRoutes?: readonly FileRoute[];
  /** Live changes and presence (live/index.ts), with a store. */
  live: Live | null;
}

/** /files: CORS (a preflight ends there), then the modules' routes (files/router.ts) behind the operator gate. */
function filesRoute({ config, logger, gate, store, answers, ...parts }: RouteParts): RouteHandler {
  // The same origins and headers as /graphql; the browser reads the file's name and length.
  const filesCors = apiCors(config.corsOrigins)(['x-request-id', 'content-disposition', 'content-length']);
  const { moves } = store;
  const files = filesRouter({
    config,
    gate,
    logger,
    routes: parts.fileRoutes ?? MODULE_FILE_ROUTES,
    ...(parts.fetch ? { fetch: parts.fetch } : {}),
    store: store.store,
    ...(moves
      ? {
          moves: {
            journal: moves,
            intentRow: (event) => activityRow(event, activityFields(FILE_ROUTE_AREAS, event), new Date()),
          },
        }
      : {}),
  });
  return (req, res, path) =>
    filesCors(req, res, (error?: unknown) => {
      if (error) answers.answerError(res, error);
      else files(req, res, path).catch((failure: unknown) => answers.answerError(res, failure));
    });
}

/** /live and /live/presence (live/index.ts, docs/live.md): CORS as /graphql's, then the stream or the presence. */
function liveRoute({ config, live, answers }: RouteParts): RouteHandler | null {
  if (!live) return null;
  const liveCors = apiCors(config.corsOrigins)(['x-request-id']);
  return (req, res) =>
    liveCors(req, res, (error?: unknown) => {
      if (error) answers.failed(res, error);
      else if (!live.handle(req, res, pathOf(req))) answers.notFound(res);
    });
}

/** /sandbox (GraphiQL, sandbox/sandbox.ts) when the configuration turns it on; what it does not serve is a 404. */
function sandboxRoute({ config, verifier, schema, answers }: RouteParts): RouteHandler | null {
  if (!config.sandbox) return null;
  const sandbox = sandboxRouter({ config, verifier, schema });
  return (req, res, path) => {
    const fail = (error: unknown) => answers.answerError(res, error ?? { status: 404 });
    sandbox(req, res, path, fail).then(
      (answered) => answered || answers.notFound(res),
      (failure: unknown) => answers.answerError(res, failure),
    );
  };
}

/**
 * The gateway's routes, in the order they are tried (http/route-table.ts): a new route is registered here. A route
 * that serves an operator checks them with `parts.gate` (http/operator-gate.ts), as /graphql and /files do.
 */
function gatewayRoutes(parts: RouteParts): RouteHandler {
  const { config, answers, logger } = parts;
  const sandbox = sandboxRoute(parts);
  const live = liveRoute(parts);
  const route = (name: string, match: RouteMatch, handle: RouteHandler): Route => ({ name, match, handle });
  const { moves } = parts.store;
  // Every root mutation a money move (money/pipeline.ts), its intent's row in the request's namespace.
  const money = moves
    ? createMoneyPolicy({
        schema: parts.schema,
        journal: moves,
        logger,
        approvals: parts.store.approvals?.gate ?? null,
        intentRow: (event, namespace) =>
          activityRow(event, { ...activityFields(MUTATION_AREAS, event), namespace }, new Date()),
      })
    : null;
  // One route per major served (the current at /graphql), the same gate, limits, money and answers.
  const graphqlOf = (apollo: ApolloServer<GatewayContext>) =>
    graphqlRoute({
      ...parts,
      apollo,
      store: parts.store.store,
      money,
      cors: apiCors(config.corsOrigins)(['x-request-id']),
      failed: answers.failed,
      refusalExtensions: {
        cost: refusedCost({ maxCost: ARMOR_LIMITS.maxCost, maxUpstreamCalls: config.upstreamCallBudget }),
      },
    });
  const graphql = graphqlOf(parts.apollo);
  const reset = resetStore(parts.store.store);
  return routeTable(
    [
      route('graphql', exactly('/graphql'), graphql),
      ...parts.majors.map(({ path, apollo }) => route(`graphql ${path}`, exactly(path), graphqlOf(apollo))),
      route('healthz', exactly('/healthz', ['GET', 'HEAD']), healthz),
      config.testNamespaces
        ? route('reset-store', exactly('/__admin/reset-store'), (req, res) => {
            reset(req, res).catch((failure: unknown) => answers.failed(res, failure));
          })
        : null,
      route('readyz', exactly('/readyz', ['GET', 'HEAD']), readyz(parts.ready)),
      sandbox ? route('sandbox', below('/sandbox'), sandbox) : null,
      route('favicon', pattern('/favicon.ico', 'GET'), (_req, res) => {
        res.statusCode = 204;
        res.end();
      }),
      route('files', below('/files'), filesRoute(parts)),
      live ? route('live', below('/live'), live) : null,
    ],
    (_req, res) => answers.notFound(res),
  );
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
  const storeParts = openStore(config, logger);
  const { store, activity, moves, approvals, refusals } = storeParts;
  // Token, operator and per-operator rate limit (http/operator-gate.ts): one check and one count for /graphql,
  // /files and every route that serves an operator.
  const gate = operatorGate({
    verifier,
    logger,
    rateLimit: { max: config.rateLimitMax, windowMs: config.rateLimitWindowMs },
    tokenLinesPerMinute: config.refusalLinesPerMinute,
  });
  // Live changes and presence: the store's events and presence, fanned out to this replica's streams.
  const live = store ? createLive({ store, gate, logger, settings: config.live }) : null;
  const schema = buildSchema();
  const apollo = createApollo({ config, logger, schema, gate, ...storeParts }, options);
  // The previous majors (packages/schema/majors/): an Apollo each, on their own schema, with the same plugins; the
  // HTTP server is drained once, by the current one's.
  const majors = buildPreviousMajors().map(({ major, schema: majorSchema }) => ({
    path: major.path,
    apollo: createApollo({ config, logger, schema: majorSchema, gate, ...storeParts }, {}),
  }));
  await Promise.all([apollo, ...majors.map((major) => major.apollo)].map((server) => server.start()));

  let stopping = false;
  let storeOpened = store === null;
  void store?.ready().then((opened) => (storeOpened = opened !== null));
  const drain = createDrain();
  const answers = errorAnswers(logger);
  const routes = gatewayRoutes({
    config,
    logger,
    verifier,
    schema,
    apollo,
    majors,
    gate,
    store: storeParts,
    drainSignal: drain.signal,
    ready: () => ({ stopping, storeOpened }),
    answers,
    live,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.fileRoutes ? { fileRoutes: options.fileRoutes } : {}),
  });

  // Every request: its span, metrics, access log and security headers; then the route table, on plain
  // `node:http` (docs/decisions.md, "The HTTP layer").
  const trace = traceRequests();
  const metrics = httpMetrics();
  const accessLog = requestLogging(logger, config.testNamespaces);
  const handler: RequestListener = (req, res) => {
    trace(req, res, () => {
      metrics(req, res);
      accessLog(req, res);
      securityHeaders(res);
      try {
        routes(req, res, pathOf(req));
      } catch (error) {
        // A path parameter that is not valid percent-encoding (BadPathError, a 400).
        answers.answerError(res, error);
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
    return Promise.all([apollo, ...majors.map((major) => major.apollo)].map((server) => server.stop()))
      .finally(() => drain.dispose())
      .finally(() => refusals.close())
      .finally(() => gate.close())
      .finally(() => activity?.close())
      .finally(() => {
        approvals?.expiry.close();
        approvals?.gate.close();
      })
      .finally(() => moves?.close())
      .finally(() => store?.close())
      .then(() => undefined);
  };
  return { app: handler, apollo, store, activity, moves, approvals, stop };
}
