import { randomUUID } from 'node:crypto';
import { emptyMoveSlot } from './money/scope.js';
import type { MoneyPolicy } from './money/policy.js';
import type { StoreHandle } from './activity/store-handle.js';
import type { AuthUser } from './auth/verify-token.js';
import type { GatewayConfig } from './config.js';
import type { ServiceName } from './services.js';
import type { GatewayContext } from './gateway-context.js';
import type { Logger } from './logger.js';
import { MODULES } from './modules.js';
import { lazyModuleInstances } from './shared/define-module.js';
import {
  RestClient,
  type UpstreamCall,
  type UpstreamClients,
  type UpstreamRequestContext,
} from './upstream/rest-client.js';

export interface ContextOptions {
  config: Pick<GatewayConfig, 'services' | 'upstreamTimeoutMs' | 'mutationTimeoutMs' | 'preferenceLimits'>;
  user: AuthUser;
  requestId: string;
  /**
   * The caller's test namespace (testNamespaceFrom, with the test profile on only), forwarded to every service and
   * the namespace of its rows in the gateway's store; null without one.
   */
  testNamespace?: string | null;
  locale: string | null;
  logger: Logger;
  /** The gateway's drain deadline (none outside a server, e.g. in tests). */
  drainSignal?: AbortSignal;
  fetch?: typeof fetch;
  /** The gateway's own store (none in most tests). */
  store?: StoreHandle | null;
  /** The money pipeline's journal and intents (money/pipeline.ts): none without a store. */
  money?: MoneyPolicy | null;
}

/** Every module's data sources and loaders, each module built on first use in the request. */
const moduleInstances = lazyModuleInstances(MODULES);

export function createContext(options: ContextOptions): GatewayContext {
  const { config, user, requestId, locale, logger } = options;
  const upstreamCalls: UpstreamCall[] = [];
  const moveSlot = emptyMoveSlot();
  const request: UpstreamRequestContext = {
    token: user.token,
    user: user.username,
    requestId,
    testNamespace: options.testNamespace ?? null,
    locale,
    getMemo: new Map(),
    onCall: (call) => upstreamCalls.push(call),
    beforeWrite: (write) => moveSlot.current?.beforeWrite(write),
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
    store: options.store ?? null,
    storeNamespace: options.testNamespace ?? '',
    preferenceLimits: config.preferenceLimits,
    money: options.money ?? null,
    moveSlot,
    moveMarks: new Map(),
    asOperator: (other) => createContext({ ...options, user: other, requestId: randomUUID() }),
  };
}

/** A client's request id: the characters of a log-safe name, at most 64 (a UUID is 36). */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The incoming x-request-id when it is of that shape, else a new UUID (the client's is then not used anywhere). */
export const requestIdFrom = (header: string | string[] | undefined): string =>
  typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
