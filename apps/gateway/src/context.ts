import { randomUUID } from 'node:crypto';
import type { AuthUser } from './auth/verify-token.js';
import type { GatewayConfig, ServiceName } from './config.js';
import type { Logger } from './logger.js';
import { MODULES, type ModuleDataSources, type ModuleLoaders } from './modules.js';
import { lazyModuleInstances } from './shared/define-module.js';
import {
  RestClient,
  type UpstreamCall,
  type UpstreamClients,
  type UpstreamRequestContext,
} from './upstream/rest-client.js';

/** Everything a resolver may use; built once per GraphQL request. */
export interface GatewayContext {
  user: AuthUser;
  requestId: string;
  /** 'es_AR' when the operator's language starts with es, else null. */
  locale: string | null;
  logger: Logger;
  /** The RestClient of any service for this request (all share the GET memo). */
  upstream: UpstreamClients;
  /** Every module's data sources (src/modules.ts). */
  dataSources: ModuleDataSources;
  /** Every module's per-request loaders (src/modules.ts). */
  loaders: ModuleLoaders;
  /** Forgets the memoized GETs of this request (after a write, so the next read is fresh). */
  forgetUpstreamReads: () => void;
  /** Upstream calls made so far (for the access log). */
  upstreamCalls: UpstreamCall[];
  /** Shared with the access log (Apollo shallow-clones the context, so only nested objects are shared). */
  meta: { operationName: string | null };
  /** The drain deadline of a stopping gateway (shared/drain.ts): bulk actions answer before the cut. */
  drainSignal: AbortSignal | undefined;
}

export interface ContextOptions {
  config: Pick<GatewayConfig, 'services' | 'upstreamTimeoutMs' | 'mutationTimeoutMs'>;
  user: AuthUser;
  requestId: string;
  locale: string | null;
  logger: Logger;
  /** The gateway's drain deadline (none outside a server, e.g. in tests). */
  drainSignal?: AbortSignal;
  fetch?: typeof fetch;
}

/**
 * Every module's data sources and loaders, each module built on first use in the request. Set up on the first
 * request (modules import this file through the files router, so MODULES is not ready when it loads).
 */
let moduleInstances: ReturnType<typeof lazyModuleInstances<typeof MODULES>> | null = null;

export function createContext(options: ContextOptions): GatewayContext {
  const { config, user, requestId, locale, logger } = options;
  const upstreamCalls: UpstreamCall[] = [];
  const request: UpstreamRequestContext = {
    token: user.token,
    requestId,
    locale,
    getMemo: new Map(),
    onCall: (call) => upstreamCalls.push(call),
  };
  const clients = new Map<ServiceName, RestClient>();
  const upstream: UpstreamClients = (service) => {
    let client = clients.get(service);
    if (!client) {
      client = new RestClient({
        service,
        baseUrl: config.services[service],
        readTimeoutMs: config.upstreamTimeoutMs,
        writeTimeoutMs: config.mutationTimeoutMs,
        request,
        logger,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
      clients.set(service, client);
    }
    return client;
  };
  moduleInstances ??= lazyModuleInstances(MODULES);
  const { dataSources, loaders } = moduleInstances(upstream);
  return {
    user,
    requestId,
    locale,
    logger,
    upstream,
    dataSources,
    loaders,
    forgetUpstreamReads: () => request.getMemo.clear(),
    upstreamCalls,
    meta: { operationName: null },
    drainSignal: options.drainSignal,
  };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The incoming x-request-id when it is sane, else a new UUID. */
export const requestIdFrom = (header: string | string[] | undefined): string =>
  typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();

/**
 * 'es_AR' when the operator's language starts with "es": the `locale` header the web sends, else the first
 * language of Accept-Language. Otherwise null (no locale header upstream).
 */
export function operatorLocale(
  localeHeader: string | string[] | undefined,
  acceptLanguage: string | undefined,
): string | null {
  const explicit = typeof localeHeader === 'string' ? localeHeader.trim() : '';
  const language = explicit || (acceptLanguage ?? '').split(',')[0]?.split(';')[0]?.trim() || '';
  return /^es(?:$|[-_])/i.test(language) ? 'es_AR' : null;
}
