import { randomUUID } from 'node:crypto';
import type DataLoader from 'dataloader';
import type { AuthUser } from './auth/verify-token.js';
import type { GatewayConfig, ServiceName } from './config.js';
import type { Logger } from './logger.js';
import { CollectorsDataSource } from './modules/collectors/collectors.datasource.js';
import { createCollectorLoader } from './modules/collectors/collectors.loader.js';
import type { CollectorModel } from './modules/collectors/collectors.mappers.js';
import type { Notification } from './generated/resolvers-types.js';
import { NotificationsDataSource } from './modules/notifications/notifications.datasource.js';
import { createNotificationLoader } from './modules/notifications/notifications.loader.js';
import { PaymentsDataSource } from './modules/payments/payments.datasource.js';
import { createPaymentLoaders, type PaymentLoaders } from './modules/payments/payments.loaders.js';
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
  dataSources: {
    payments: PaymentsDataSource;
    collectors: CollectorsDataSource;
    notifications: NotificationsDataSource;
  };
  loaders: PaymentLoaders & {
    collector: DataLoader<string, CollectorModel | null>;
    notification: DataLoader<string, Notification | null>;
  };
  /** Forgets the memoized GETs of this request (after a write, so the next read is fresh). */
  forgetUpstreamReads: () => void;
  /** Upstream calls made so far (for the access log). */
  upstreamCalls: UpstreamCall[];
  /** Shared with the access log (Apollo shallow-clones the context, so only nested objects are shared). */
  meta: { operationName: string | null };
}

export interface ContextOptions {
  config: Pick<GatewayConfig, 'services' | 'upstreamTimeoutMs' | 'mutationTimeoutMs'>;
  user: AuthUser;
  requestId: string;
  locale: string | null;
  logger: Logger;
  fetch?: typeof fetch;
}

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
  const collectors = new CollectorsDataSource(upstream('collector'));
  const payments = new PaymentsDataSource(upstream('payment'));
  const notifications = new NotificationsDataSource(upstream('notification'));
  return {
    user,
    requestId,
    locale,
    logger,
    upstream,
    dataSources: { payments, collectors, notifications },
    loaders: {
      collector: createCollectorLoader(collectors),
      ...createPaymentLoaders(payments),
      notification: createNotificationLoader(notifications),
    },
    forgetUpstreamReads: () => request.getMemo.clear(),
    upstreamCalls,
    meta: { operationName: null },
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
