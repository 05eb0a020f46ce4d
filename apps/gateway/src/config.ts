/**
 * The gateway's configuration: its shape and defaults. Read from the environment by `loadConfig`
 * (load-config.ts). It imports only types, so every module may import it without a cycle.
 */
import type { ApprovalSettings } from './money/approvals.js';
import type { ServiceName } from './services.js';

export interface GatewayConfig {
  port: number;
  host: string;
  /** Expected `iss` of access tokens; also the URL the browser (sandbox) uses to reach Keycloak. */
  keycloakIssuer: string;
  /** Where the gateway fetches the realm keys (may use another host name than the issuer). */
  keycloakJwksUrl: string;
  /** Expected `aud`; the client whose roles carry the permissions. */
  keycloakAudience: string;
  /** Allowed `azp` values (clients allowed to call the gateway). */
  keycloakAzp: string[];
  /** Public client the sandbox signs in with. */
  sandboxClientId: string;
  corsOrigins: string[];
  /** Timeout of upstream reads (GET). */
  upstreamTimeoutMs: number;
  /** Timeout of upstream writes (POST, PUT, PATCH, DELETE). */
  mutationTimeoutMs: number;
  services: Record<ServiceName, string>;
  sandbox: boolean;
  introspection: boolean;
  /**
   * Whether a request naming the web's client runs only the web's trusted documents (WEB_TRUSTED_DOCUMENTS_ONLY;
   * default: in production). Known hashes run either way (execution/trusted-documents.ts).
   */
  webTrustedDocumentsOnly: boolean;
  /** GraphQL requests one operator may make per `rateLimitWindowMs` on this replica (0: no limit). */
  rateLimitMax: number;
  /** The rate limit's window (RATE_LIMIT_WINDOW_MS). */
  rateLimitWindowMs: number;
  /** Most upstream calls one GraphQL request may make, estimated before it runs (see limits/upstream-budget.ts). */
  upstreamCallBudget: number;
  logLevel: LogLevel;
  /** Internal port of `GET /metrics` (Prometheus); null: not served (METRICS_PORT unset). */
  metricsPort: number | null;
  /** Interface of the metrics port (METRICS_HOST, default HOST). */
  metricsHost: string;
  /** On SIGTERM, how long in-flight requests (bulk actions included) may take before their sockets are cut. */
  shutdownGraceMs: number;
  /**
   * On SIGTERM, how long `/readyz` answers 503 while the gateway still accepts and serves connections, before it
   * stops accepting them (SHUTDOWN_READINESS_DRAIN_MS; default 10 s in production, 0 elsewhere): a load balancer
   * that polls readiness stops sending before any connection is refused.
   */
  readinessDrainMs: number;
  /**
   * How GraphQL operations run (GRAPHQL_EXECUTOR): `jit`, compiled once per document by graphql-jit
   * (execution/jit-gateway.ts), or `default`, graphql-js. Same schema, plugins and error formatting either way.
   */
  graphqlExecutor: GraphqlExecutorKind;
  /**
   * What the parsed documents kept for reuse may hold in memory (DOCUMENT_CACHE_MAX_BYTES, default 16 MiB; the
   * least recently used go first; execution/document-cache.ts).
   */
  documentCacheMaxBytes: number;
  /**
   * The zip checks of an XLSX or ZIP upload before it is forwarded (files/zip-check.ts): most entries, most
   * uncompressed bytes in all, most times the file's size they may expand to (UPLOAD_ZIP_MAX_ENTRIES,
   * UPLOAD_ZIP_MAX_UNCOMPRESSED_BYTES, UPLOAD_ZIP_MAX_RATIO).
   */
  zipLimits: { maxEntries: number; maxUncompressedBytes: number; maxRatio: number };
  /**
   * Uploads being received (files/upload-slots.ts): at most `maxInFlight` on this replica and `maxPerOperator` for
   * one operator at a time (each may hold its file in memory), the rest refused 429; one whose body sends nothing
   * for `idleTimeoutMs`, or is not all in after `totalTimeoutMs` however it trickles, is ended 408
   * (UPLOAD_MAX_IN_FLIGHT, UPLOAD_MAX_PER_OPERATOR, UPLOAD_IDLE_TIMEOUT_MS, UPLOAD_TOTAL_TIMEOUT_MS). The HTTP
   * server's request timeout follows the total one (http/server-timeouts.ts).
   */
  uploads: { maxInFlight: number; maxPerOperator: number; idleTimeoutMs: number; totalTimeoutMs: number };
  /**
   * Where uploads are spooled while they are received, checked and forwarded (files/spool.ts): the folder the
   * replica's own directory is made in (UPLOAD_SPOOL_DIR, default os.tmpdir()), and the most bytes on disk of the
   * replica's uploads in flight together and of one operator's (UPLOAD_SPOOL_MAX_BYTES,
   * UPLOAD_SPOOL_MAX_BYTES_PER_OPERATOR); past either, refused 429 before the body is read.
   */
  uploadSpool: { dir: string; maxBytes: number; maxBytesPerOperator: number };
  /**
   * The gateway's own store (operators' activity and preferences; docs/operations.md "The store"): a PostgreSQL
   * server (DATABASE_URL), else the embedded PostgreSQL in STORE_DATA_DIR ('memory://' keeps it in memory); null
   * when neither is set (activity is then only the audit line, and the activity and preferences fields refuse).
   */
  store: (({ databaseUrl: string } | { dataDir: string }) & { chain?: ActivityChainSettings }) | null;
  /** Days an activity event is kept (ACTIVITY_RETENTION_DAYS, default 400); older ones are purged daily. */
  activityRetentionDays: number;
  /**
   * Money moves (money/journal.ts): how long a gateway holds a move it runs before another may close it
   * (MOVE_LEASE_MS, default 30 s, renewed while it runs), and how often a gateway looks for moves whose gateway
   * stopped (MOVE_RECOVER_EVERY_MS, default 15 s).
   */
  moves: { leaseMs: number; recoverEveryMs: number; maxPerOperatorPerDay: number };
  /**
   * Four eyes on money (money/approvals.ts): the rules that hold a move for a second operator's approval
   * (APPROVAL_POLICIES, a JSON array; none by default) and how long a request waits (APPROVAL_EXPIRY_MS, 72 h).
   */
  approvals: ApprovalSettings;
  /**
   * Live streams (GET /live, live/index.ts, docs/live.md): heartbeat (LIVE_HEARTBEAT_MS, default 15 s), streams per
   * operator on a replica (LIVE_MAX_STREAMS_PER_OPERATOR, default 4) and per replica (LIVE_MAX_STREAMS, default 2 000),
   * their unsent bytes together (LIVE_MAX_UNSENT_BYTES, default 32 MiB).
   */
  live: { heartbeatMs: number; maxStreamsPerOperator: number; maxStreams: number; maxUnsentBytes: number };
  /**
   * Refused calls (permission, budget, validation) of one operator written one by one per hour, to the audit log
   * and the store (ACTIVITY_REFUSALS_PER_HOUR, default 60); past it they are counted and summarised each minute
   * (audit/refusal-budget.ts).
   */
  activityRefusalsPerHour: number;
  /**
   * /files refusals of calls that sent nothing upstream audited one by one per source (the operator, or the client's
   * address without one) and minute (REFUSAL_LINES_PER_MINUTE, default 20); past it they are counted and summarised
   * each minute (`"event":"refusals_suppressed"`, audit/line-budget.ts). Rejected tokens' warnings have the same
   * budget per client address (SOURCE_LINES_PER_MINUTE).
   */
  refusalLinesPerMinute: number;
  /**
   * What one operator may keep as preferences: most keys and most bytes of JSON in all (PREFERENCES_MAX_KEYS,
   * default 200; PREFERENCES_MAX_BYTES, default 1 MiB). A write past either is refused and writes nothing.
   */
  preferenceLimits: { maxKeys: number; maxBytes: number };
  /**
   * The test profile's namespaces (TEST_NAMESPACES, default false; refused with NODE_ENV=production): a request's
   * `x-test-namespace` is forwarded to every service, its rows in the gateway's store are that namespace's only, and
   * `POST /__admin/reset-store` clears a namespace's rows (the stubs' reset calls it in the test stack). Off, the
   * header is ignored and that path does not exist.
   */
  testNamespaces: boolean;
}

export type GraphqlExecutorKind = 'jit' | 'default';
/** Measured against graphql-js's executor: bench/history.md, "Gateway execution". */
export const DEFAULT_GRAPHQL_EXECUTOR: GraphqlExecutorKind = 'jit';

/** Per operator and replica, per minute: far above what an operator's browser sends, low enough to stop a loop. */
export const DEFAULT_RATE_LIMIT_MAX = 600;

/** Upstream calls one request may cause (maxUpstreamCalls, UPSTREAM_CALL_BUDGET): a screen's documents use a fourth. */
export const DEFAULT_UPSTREAM_CALL_BUDGET = 100;

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/**
 * The activity's keyed chain (docs/operations.md, "The chain"; @backoffice/store chain.ts): the secret of its HMACs
 * (ACTIVITY_CHAIN_SECRET), how often final rows are sealed and how often each chain's head is signed and logged.
 */
export interface ActivityChainSettings {
  secret: string;
  sealEveryMs: number;
  digestEveryMs: number;
}

/** The secret of a development store (embedded, or any store outside production) when none is given. */
export const DEVELOPMENT_CHAIN_SECRET = 'backoffice-development-activity-chain-secret';
