/** Reads the gateway configuration from environment variables (`loadConfig`); the shape is in config.ts. */
import { tmpdir } from 'node:os';
import { DEFAULT_PREFERENCE_LIMITS } from '@backoffice/store';
import {
  DEFAULT_GRAPHQL_EXECUTOR,
  DEFAULT_RATE_LIMIT_MAX,
  DEFAULT_UPSTREAM_CALL_BUDGET,
  DEVELOPMENT_CHAIN_SECRET,
  type ActivityChainSettings,
  type GatewayConfig,
  type GraphqlExecutorKind,
  type LogLevel,
} from './config.js';
import { SOURCE_LINES_PER_MINUTE } from './audit/line-budget.js';
import { SERVICES } from './modules.js';
import {
  DEFAULT_APPROVAL_EXPIRY_MS,
  DEFAULT_POLICY_REFRESH_MS,
  parseApprovalPolicies,
} from './money/approvals.js';
import { mutationNames } from './shared/mutation-permissions.js';
import type { ServiceName } from './services.js';

const GRAPHQL_EXECUTORS: readonly GraphqlExecutorKind[] = ['jit', 'default'];

/** The env var of a service's base URL: `payment` -> PAYMENT_SERVICE_URL (every service, from SERVICES). */
export const serviceEnvVar = (service: ServiceName): string => `${service.toUpperCase()}_SERVICE_URL`;

/** The placeholder of `SERVICE_URL_TEMPLATE` that a service's name (from SERVICES) replaces. */
export const SERVICE_PLACEHOLDER = '{service}';

export const SERVICE_ENV_VARS: Readonly<Record<ServiceName, string>> = Object.fromEntries(
  SERVICES.map((s) => [s, serviceEnvVar(s)]),
) as Record<ServiceName, string>;

const DEFAULT_STUBS_URL = 'http://127.0.0.1:4010';
const DEFAULT_ISSUER = 'http://localhost:8080/realms/back-office';

type Env = Record<string, string | undefined>;

const text = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

const list = (value: string | undefined, fallback: string[]): string[] => {
  if (value === undefined) return fallback;
  const items = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return items.length ? items : fallback;
};

const int = (env: Env, name: string, fallback: number, min: number, max: number): number => {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
};

const bool = (env: Env, name: string, fallback: boolean): boolean => {
  const raw = text(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false (got "${raw}")`);
};

/** `name`'s value, else `fallback` (which the variable `fallbackName` gave, when named). */
const url = (env: Env, name: string, fallback: string, fallbackName?: string): string => {
  const given = text(env, name);
  const raw = given ?? fallback;
  try {
    new URL(raw);
  } catch {
    throw new Error(`${given || !fallbackName ? name : fallbackName} must be an absolute URL (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
};

/**
 * The base URL of every service not given its own `<NAME>_SERVICE_URL`: `SERVICE_URL_TEMPLATE` with `{service}`
 * replaced by the service's name (compose: `http://stubs:4010/{service}`; Kubernetes:
 * `http://{service}.platform.svc.cluster.local/api`), by default `${STUBS_URL}/{service}`. A new service is then
 * one name in SERVICES, and no deployment file lists the services.
 */
function serviceUrlOf(env: Env, stubs: string): (service: ServiceName) => string {
  const template = text(env, 'SERVICE_URL_TEMPLATE') ?? `${stubs}/${SERVICE_PLACEHOLDER}`;
  if (!template.includes(SERVICE_PLACEHOLDER)) {
    throw new Error(`SERVICE_URL_TEMPLATE must contain ${SERVICE_PLACEHOLDER} (got "${template}")`);
  }
  return (service) =>
    url(
      env,
      serviceEnvVar(service),
      template.replaceAll(SERVICE_PLACEHOLDER, service),
      'SERVICE_URL_TEMPLATE',
    );
}

/** The gateway's own store: a PostgreSQL server (`DATABASE_URL`), else PGlite in `STORE_DATA_DIR`, else none. */
function storeOf(env: Env, production: boolean): GatewayConfig['store'] {
  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
      throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }
    return { databaseUrl, chain: chainOf(env, production) };
  }
  const dataDir = text(env, 'STORE_DATA_DIR');
  // The embedded store is one process's (development, the bench, a demo): the development secret may stand in.
  return dataDir ? { dataDir, chain: chainOf(env, false) } : null;
}

/**
 * The activity chain's settings: its secret is required on a server in production (at least 32 characters: it is
 * what makes the trail unforgeable by whoever can write to the database); elsewhere a development default stands in.
 */
function chainOf(env: Env, required: boolean): ActivityChainSettings {
  const secret = text(env, 'ACTIVITY_CHAIN_SECRET');
  if (required && (!secret || secret.length < 32)) {
    throw new Error(
      'ACTIVITY_CHAIN_SECRET must be set to at least 32 characters with NODE_ENV=production (the activity chain)',
    );
  }
  return {
    secret: secret ?? DEVELOPMENT_CHAIN_SECRET,
    sealEveryMs: int(env, 'ACTIVITY_SEAL_EVERY_MS', 5_000, 100, 3_600_000),
    digestEveryMs: int(env, 'ACTIVITY_DIGEST_EVERY_MS', 3_600_000, 1_000, 3_600_000),
  };
}

/** Reads the gateway configuration from environment variables, with defaults for local development. */
export function loadConfig(env: Env = process.env): GatewayConfig {
  const production = env.NODE_ENV === 'production';
  const keycloakIssuer = url(env, 'KEYCLOAK_ISSUER', DEFAULT_ISSUER);
  const stubs = url(env, 'STUBS_URL', DEFAULT_STUBS_URL);
  const serviceUrl = serviceUrlOf(env, stubs);
  const services = Object.fromEntries(SERVICES.map((s) => [s, serviceUrl(s)])) as Record<ServiceName, string>;
  const logLevel = (text(env, 'LOG_LEVEL') ?? 'info') as LogLevel;
  if (!['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of debug, info, warn, error, silent (got "${logLevel}")`);
  }
  const testNamespaces = bool(env, 'TEST_NAMESPACES', false);
  if (production && testNamespaces) {
    throw new Error('TEST_NAMESPACES is a test profile setting and cannot be true with NODE_ENV=production');
  }
  const graphqlExecutor = (text(env, 'GRAPHQL_EXECUTOR') ?? DEFAULT_GRAPHQL_EXECUTOR) as GraphqlExecutorKind;
  if (!GRAPHQL_EXECUTORS.includes(graphqlExecutor)) {
    throw new Error(
      `GRAPHQL_EXECUTOR must be one of ${GRAPHQL_EXECUTORS.join(', ')} (got "${graphqlExecutor}")`,
    );
  }
  return {
    port: int(env, 'PORT', 4000, 0, 65535),
    host: text(env, 'HOST') ?? '127.0.0.1',
    keycloakIssuer,
    keycloakJwksUrl: url(env, 'KEYCLOAK_JWKS_URL', `${keycloakIssuer}/protocol/openid-connect/certs`),
    keycloakAudience: text(env, 'KEYCLOAK_AUDIENCE') ?? 'back-office-gateway',
    keycloakAzp: list(text(env, 'KEYCLOAK_AZP'), ['back-office-web']),
    sandboxClientId: text(env, 'SANDBOX_CLIENT_ID') ?? 'back-office-web',
    corsOrigins: list(text(env, 'CORS_ORIGINS'), ['http://localhost:5173']),
    upstreamTimeoutMs: int(env, 'UPSTREAM_TIMEOUT_MS', 5000, 1, 600_000),
    mutationTimeoutMs: int(env, 'MUTATION_TIMEOUT_MS', 15000, 1, 600_000),
    services,
    sandbox: bool(env, 'GRAPHQL_SANDBOX', !production),
    introspection: bool(env, 'INTROSPECTION', !production),
    webTrustedDocumentsOnly: bool(env, 'WEB_TRUSTED_DOCUMENTS_ONLY', production),
    upstreamCallBudget: int(env, 'UPSTREAM_CALL_BUDGET', DEFAULT_UPSTREAM_CALL_BUDGET, 1, 100_000),
    rateLimitMax: int(env, 'RATE_LIMIT_MAX', DEFAULT_RATE_LIMIT_MAX, 0, 1_000_000),
    rateLimitWindowMs: int(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1000, 3_600_000),
    logLevel,
    metricsPort: text(env, 'METRICS_PORT') === undefined ? null : int(env, 'METRICS_PORT', 9464, 0, 65535),
    metricsHost: text(env, 'METRICS_HOST') ?? text(env, 'HOST') ?? '127.0.0.1',
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 120_000, 0, 3_600_000),
    readinessDrainMs: int(env, 'SHUTDOWN_READINESS_DRAIN_MS', production ? 10_000 : 0, 0, 600_000),
    graphqlExecutor,
    documentCacheMaxBytes: int(env, 'DOCUMENT_CACHE_MAX_BYTES', 16 * 1024 * 1024, 0, 2 ** 32),
    zipLimits: {
      maxEntries: int(env, 'UPLOAD_ZIP_MAX_ENTRIES', 1000, 1, 1_000_000),
      maxUncompressedBytes: int(env, 'UPLOAD_ZIP_MAX_UNCOMPRESSED_BYTES', 100 * 1024 * 1024, 1, 2 ** 40),
      maxRatio: int(env, 'UPLOAD_ZIP_MAX_RATIO', 100, 1, 1_000_000),
    },
    uploads: {
      maxInFlight: int(env, 'UPLOAD_MAX_IN_FLIGHT', 8, 1, 10_000),
      maxPerOperator: int(env, 'UPLOAD_MAX_PER_OPERATOR', 2, 1, 10_000),
      idleTimeoutMs: int(env, 'UPLOAD_IDLE_TIMEOUT_MS', 30_000, 1, 600_000),
      totalTimeoutMs: int(env, 'UPLOAD_TOTAL_TIMEOUT_MS', 120_000, 1, 3_600_000),
    },
    uploadSpool: {
      dir: text(env, 'UPLOAD_SPOOL_DIR') ?? tmpdir(),
      maxBytes: int(env, 'UPLOAD_SPOOL_MAX_BYTES', 100 * 1024 * 1024, 1, 2 ** 40),
      maxBytesPerOperator: int(env, 'UPLOAD_SPOOL_MAX_BYTES_PER_OPERATOR', 20 * 1024 * 1024, 1, 2 ** 40),
    },
    store: storeOf(env, production),
    activityRetentionDays: int(env, 'ACTIVITY_RETENTION_DAYS', 400, 1, 36_500),
    moves: {
      leaseMs: int(env, 'MOVE_LEASE_MS', 30_000, 1_000, 3_600_000),
      recoverEveryMs: int(env, 'MOVE_RECOVER_EVERY_MS', 15_000, 100, 3_600_000),
      maxPerOperatorPerDay: int(env, 'MOVES_PER_OPERATOR_PER_DAY', 5_000, 1, 10_000_000),
    },
    approvals: {
      policies: parseApprovalPolicies(env.APPROVAL_POLICIES, mutationNames()),
      expiryMs: int(env, 'APPROVAL_EXPIRY_MS', DEFAULT_APPROVAL_EXPIRY_MS, 1_000, 365 * 86_400_000),
      policyRefreshMs: int(env, 'APPROVAL_POLICY_REFRESH_MS', DEFAULT_POLICY_REFRESH_MS, 100, 60_000),
    },
    live: {
      heartbeatMs: int(env, 'LIVE_HEARTBEAT_MS', 15_000, 1_000, 120_000),
      maxStreamsPerOperator: int(env, 'LIVE_MAX_STREAMS_PER_OPERATOR', 4, 1, 100),
      maxStreams: int(env, 'LIVE_MAX_STREAMS', 2_000, 1, 100_000),
      maxUnsentBytes: int(env, 'LIVE_MAX_UNSENT_BYTES', 32 * 1024 * 1024, 0, 1024 * 1024 * 1024),
    },
    activityRefusalsPerHour: int(env, 'ACTIVITY_REFUSALS_PER_HOUR', 60, 0, 1_000_000),
    refusalLinesPerMinute: int(env, 'REFUSAL_LINES_PER_MINUTE', SOURCE_LINES_PER_MINUTE, 0, 1_000_000),
    preferenceLimits: {
      maxKeys: int(env, 'PREFERENCES_MAX_KEYS', DEFAULT_PREFERENCE_LIMITS.maxKeys, 1, 100_000),
      maxBytes: int(env, 'PREFERENCES_MAX_BYTES', DEFAULT_PREFERENCE_LIMITS.maxBytes, 1024, 2 ** 30),
    },
    testNamespaces,
  };
}
