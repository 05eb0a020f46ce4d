import type { ServiceName } from '../config.js';
import type { Logger } from '../logger.js';
import { UpstreamError, UpstreamTimeout, UpstreamUnavailable } from './errors.js';
import { toQueryString, type QueryParams } from './filters.js';

/** What every upstream call of one GraphQL request shares. */
export interface UpstreamRequestContext {
  /** The caller's bearer token, forwarded as is. */
  token: string;
  requestId: string;
  /** 'es_AR' when the operator's language starts with es; otherwise no locale header is sent. */
  locale: string | null;
  /** Memoized GET promises of this request (identical concurrent GETs cost one call). */
  getMemo: Map<string, Promise<unknown>>;
  /** Called once per upstream HTTP call (for the access log and tests). */
  onCall?: (call: UpstreamCall) => void;
}

export interface UpstreamCall {
  service: ServiceName;
  method: string;
  path: string;
  status: number | null;
  durationMs: number;
  outcome: 'ok' | 'error' | 'timeout' | 'unavailable';
}

export interface RestClientOptions {
  service: ServiceName;
  baseUrl: string;
  readTimeoutMs: number;
  writeTimeoutMs: number;
  request: UpstreamRequestContext;
  logger?: Logger;
  fetch?: typeof fetch;
}

export interface CallOptions {
  query?: QueryParams;
  body?: unknown;
  /** Overrides the read/write timeout of this call. */
  timeoutMs?: number;
  headers?: Record<string, string>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const asText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

/**
 * The one HTTP client of every data source: base URL per service, explicit timeouts, the platform's
 * headers, JSON in and out, and upstream failures mapped to UpstreamError / UpstreamTimeout / UpstreamUnavailable.
 * One instance per service per GraphQL request.
 */
export class RestClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: RestClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  get service(): ServiceName {
    return this.options.service;
  }

  /** GET; identical GETs within the request share one call. Treat the result as read-only. */
  get<T>(path: string, query?: QueryParams, options: Omit<CallOptions, 'query' | 'body'> = {}): Promise<T> {
    const url = this.url(path, query);
    const key = `${this.options.service} ${url}`;
    const memo = this.options.request.getMemo;
    const existing = memo.get(key);
    if (existing) return existing as Promise<T>;
    const pending = this.send<T>('GET', path, url, options);
    memo.set(key, pending);
    return pending;
  }

  post<T>(path: string, body?: unknown, options: Omit<CallOptions, 'body'> = {}): Promise<T> {
    return this.send<T>('POST', path, this.url(path, options.query), { ...options, body });
  }

  put<T>(path: string, body?: unknown, options: Omit<CallOptions, 'body'> = {}): Promise<T> {
    return this.send<T>('PUT', path, this.url(path, options.query), { ...options, body });
  }

  patch<T>(path: string, body?: unknown, options: Omit<CallOptions, 'body'> = {}): Promise<T> {
    return this.send<T>('PATCH', path, this.url(path, options.query), { ...options, body });
  }

  delete<T>(path: string, options: CallOptions = {}): Promise<T> {
    return this.send<T>('DELETE', path, this.url(path, options.query), options);
  }

  private url(path: string, query: QueryParams | undefined): string {
    const base = this.options.baseUrl.replace(/\/+$/, '');
    const rel = path.startsWith('/') ? path : `/${path}`;
    return `${base}${rel}${toQueryString(query)}`;
  }

  private headers(hasBody: boolean, extra: Record<string, string> | undefined): Record<string, string> {
    const { request } = this.options;
    const headers: Record<string, string> = {
      accept: 'application/json',
      source: 'backoffice',
      authorization: `Bearer ${request.token}`,
      'x-request-id': request.requestId,
      ...extra,
    };
    if (request.locale) headers.locale = request.locale;
    if (hasBody) headers['content-type'] = 'application/json';
    return headers;
  }

  private async send<T>(method: Method, path: string, url: string, options: CallOptions): Promise<T> {
    const { service, request, logger } = this.options;
    const timeoutMs =
      options.timeoutMs ?? (method === 'GET' ? this.options.readTimeoutMs : this.options.writeTimeoutMs);
    const hasBody = options.body !== undefined;
    const started = performance.now();
    const report = (status: number | null, outcome: UpstreamCall['outcome']) => {
      const call: UpstreamCall = {
        service,
        method,
        path,
        status,
        durationMs: Math.round(performance.now() - started),
        outcome,
      };
      request.onCall?.(call);
      logger?.debug('upstream call', { requestId: request.requestId, ...call });
    };

    let status: number;
    let text: string;
    try {
      const response = await this.fetchImpl(url, {
        method,
        headers: this.headers(hasBody, options.headers),
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'TimeoutError' || name === 'AbortError') {
        report(null, 'timeout');
        throw new UpstreamTimeout(service, method, path, timeoutMs);
      }
      report(null, 'unavailable');
      throw new UpstreamUnavailable(service, method, path, error);
    }

    let body: unknown = undefined;
    let parsed = true;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        parsed = false;
      }
    }

    if (status < 200 || status >= 300) {
      report(status, 'error');
      const err = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      throw new UpstreamError(
        service,
        status,
        asText(err.code),
        asText(err.extended_code),
        asText(err.message),
      );
    }
    if (!parsed) {
      report(status, 'error');
      throw new UpstreamError(service, 502, 'invalid_response', null, 'response body is not JSON');
    }
    report(status, 'ok');
    return body as T;
  }
}

/** Builds the RestClient of any service for one GraphQL request. */
export type UpstreamClients = (service: ServiceName) => RestClient;
