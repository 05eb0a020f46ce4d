import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import type { ServiceName } from '../services.js';
import type { Logger } from '../logger.js';
import { observeUpstreamCall } from '../telemetry/metrics.js';
import { startUpstreamSpan } from '../telemetry/trace-context.js';
import {
  UpstreamError,
  namesOf,
  UpstreamTimeout,
  UpstreamUnavailable,
  isServiceFault,
  upstreamFaultFields,
} from './errors.js';
import { toQueryString, type QueryParams } from './filters.js';
import { exchange, type RawAnswer } from './http-transport.js';
import { TEST_NAMESPACE_HEADER } from './test-namespace.js';

/** What every upstream call of one GraphQL request shares. */
export interface UpstreamRequestContext {
  /** The caller's bearer token, forwarded as is. */
  token: string;
  /**
   * The operator's user name (the token's preferred_username), sent as the `x-user` header: the services that
   * record who acted (a presentation's created_by and reprocess_by, a withdrawal's authorizer, an export's
   * requester) read it there, and record 'backoffice' without it (docs/upstream-contract.md).
   */
  user?: string;
  requestId: string;
  /** Forwarded as x-test-namespace when set (context.ts, testNamespaceFrom). */
  testNamespace?: string | null;
  /** 'es_AR' when the operator's language starts with es; otherwise no locale header is sent. */
  locale: string | null;
  /**
   * The GETs of this request still in flight: an identical GET made meanwhile shares the call. An answered GET
   * leaves the map, so the request does not keep its body alive (rest-client.ts, `get`).
   */
  getMemo: Map<string, Promise<unknown>>;
  /** Called once per upstream HTTP call (for the access log and tests). */
  onCall?: (call: UpstreamCall) => void;
  /**
   * Awaited before every write (any method but GET): a money move stores its intent there first, and a throw stops
   * the write before anything is sent (money/scope.ts).
   */
  beforeWrite?: (write: { body?: unknown }) => Promise<void> | undefined;
}

/**
 * The idempotency key a service gets for an operator's key: the operator's own, so that another operator
 * sending the same key never gets this operator's answer from the service. Deterministic, so a retry through any
 * gateway sends the same.
 */
export function operatorScopedKey(user: string | undefined, key: string): string {
  if (!user) return key;
  return `${createHash('sha256').update(user).digest('hex').slice(0, 16)}.${key}`;
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
  /**
   * Sends the calls through this `fetch` instead of the shared keep-alive `node:http` transport
   * (http-transport.ts): tests and experiments. Its timeout is an `AbortSignal.timeout` per call.
   */
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

/** Sends a request through an injected `fetch`, with the same deadline semantics as the default transport. */
async function fetchExchange(
  fetchImpl: typeof fetch,
  url: string,
  method: Method,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
): Promise<RawAnswer> {
  const response = await fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
  return { status: response.status, text: await response.text() };
}

/**
 * The one HTTP client of every data source: base URL per service, explicit timeouts, the platform's
 * headers, JSON in and out, and upstream failures mapped to UpstreamError / UpstreamTimeout / UpstreamUnavailable.
 * One instance per service per GraphQL request; the connections are the process's keep-alive pool
 * (http-transport.ts).
 */
export class RestClient {
  constructor(private readonly options: RestClientOptions) {}

  get service(): ServiceName {
    return this.options.service;
  }

  /**
   * GET; identical GETs of the request while one is in flight share that call. Treat the result as read-only.
   * Once answered the GET is forgotten: the map would otherwise hold every answer to the end of the request (a
   * list's 122 KB upstream page through the collectors' round trip, copied by every scavenge meanwhile: paired
   * runs of 2026-11-26 in bench/history.md, "gateway CPU"); the loaders keep what a request reads again.
   */
  get<T>(path: string, query?: QueryParams, options: Omit<CallOptions, 'query' | 'body'> = {}): Promise<T> {
    const url = this.url(path, query);
    const key = `${this.options.service} ${url}`;
    const memo = this.options.request.getMemo;
    const existing = memo.get(key);
    if (existing) return existing as Promise<T>;
    const pending = this.send<T>('GET', path, url, options);
    memo.set(key, pending);
    const forget = () => {
      // Not a newer identical GET's entry (forgetUpstreamReads may have cleared the map and another one begun).
      if (memo.get(key) === pending) memo.delete(key);
    };
    pending.then(forget, forget);
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
    if (request.user) headers['x-user'] = request.user;
    const key = headers['idempotency-key'];
    if (key) headers['idempotency-key'] = operatorScopedKey(request.user, key);
    if (request.testNamespace) headers[TEST_NAMESPACE_HEADER] = request.testNamespace;
    if (hasBody) headers['content-type'] = 'application/json';
    return headers;
  }

  private async send<T>(method: Method, path: string, url: string, options: CallOptions): Promise<T> {
    const { service, request, logger } = this.options;
    const timeoutMs =
      options.timeoutMs ?? (method === 'GET' ? this.options.readTimeoutMs : this.options.writeTimeoutMs);
    const hasBody = options.body !== undefined;
    if (method !== 'GET') await request.beforeWrite?.({ body: options.body });
    const headers = this.headers(hasBody, options.headers);
    // A client span per call; its W3C traceparent goes upstream with the other headers.
    const endSpan = startUpstreamSpan(service, method, path, headers);
    const started = performance.now();
    const report = (status: number | null, outcome: UpstreamCall['outcome']) => {
      const elapsed = performance.now() - started;
      const call: UpstreamCall = { service, method, path, status, durationMs: Math.round(elapsed), outcome };
      endSpan({ status, outcome });
      observeUpstreamCall(service, method, status, outcome, elapsed / 1000);
      request.onCall?.(call);
      logger?.debug('upstream call', { requestId: request.requestId, ...call });
    };

    let status: number;
    let text: string;
    try {
      const payload = hasBody ? JSON.stringify(options.body) : undefined;
      let answer: RawAnswer;
      if (this.options.fetch) {
        answer = await fetchExchange(this.options.fetch, url, method, headers, payload, timeoutMs);
      } else {
        // What fetch would send: the body's length (0 for a write without body), so no chunked encoding.
        if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
        else if (method !== 'GET') headers['content-length'] = '0';
        answer = await exchange(url, { method, headers, body: payload, timeoutMs });
      }
      ({ status, text } = answer);
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
      const failure = new UpstreamError(
        service,
        status,
        asText(err.code),
        asText(err.extended_code),
        asText(err.message),
        request.requestId,
        namesOf(err.missing_columns),
      );
      // A 5xx's codes are not shown to the operator (error-catalogue.ts): they stay here.
      if (isServiceFault(status)) logger?.warn('upstream fault', upstreamFaultFields(failure, method, path));
      throw failure;
    }
    if (!parsed) {
      report(status, 'error');
      throw new UpstreamError(service, 502, 'invalid_response', null, 'response body is not JSON');
    }
    report(status, 'ok');
    return body as T;
  }
}

/** Builds the RestClient of a service for one GraphQL request (a module's: one of the services it declares). */
export type UpstreamClients<Service extends string = ServiceName> = (service: Service) => RestClient;
