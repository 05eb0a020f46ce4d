/**
 * One upstream call of a file route: the service's base URL, the platform's headers with the caller's bearer
 * token, a W3C traceparent (a client span, like rest-client.ts), a deadline for the answer's headers, the call
 * counted in the metrics. Failures become UpstreamError / UpstreamTimeout / UpstreamUnavailable.
 */
import type { GatewayConfig } from '../config.js';
import { observeUpstreamCall } from '../telemetry/metrics.js';
import { startUpstreamSpan } from '../telemetry/trace-context.js';
import { UpstreamError, UpstreamTimeout, UpstreamUnavailable, namesOf } from '../upstream/errors.js';
import { TEST_NAMESPACE_HEADER } from '../upstream/test-namespace.js';
import type { MultipartBody } from './form-body.js';
import type { UpstreamTarget } from './types.js';

export interface FileCallContext {
  config: GatewayConfig;
  token: string;
  requestId: string;
  /** Forwarded as x-test-namespace when set (context.ts, testNamespaceFrom). */
  testNamespace?: string | null;
  locale: string | null;
  fetch: typeof fetch;
}

export interface FileCall {
  response: Response;
  /** Aborts the call (the browser went away, or the body stalled). */
  abort(reason: Error): void;
  /** Ends the span and the metric once the body is through (or failed). */
  finish(outcome: 'ok' | 'error' | 'timeout' | 'unavailable'): void;
}

/** Longest an error body is read (bytes). */
const MAX_ERROR_BODY = 64 * 1024;

const asText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null;

export function upstreamUrl(config: GatewayConfig, target: UpstreamTarget): string {
  const base = config.services[target.service].replace(/\/+$/, '');
  const query =
    target.query && Object.keys(target.query).length ? `?${new URLSearchParams(target.query)}` : '';
  return `${base}${target.path.startsWith('/') ? '' : '/'}${target.path}${query}`;
}

/**
 * Sends the call and waits for the answer's headers within `timeoutMs`. A 2xx answer is returned with its body
 * unread (the caller streams it); any other answer is read (bounded) and thrown as UpstreamError.
 */
export async function callUpstream(
  context: FileCallContext,
  target: UpstreamTarget,
  init: { method: 'GET' | 'POST'; body?: MultipartBody; accept: string; timeoutMs: number },
): Promise<FileCall> {
  const { service } = target;
  const headers: Record<string, string> = {
    accept: init.accept,
    source: 'backoffice',
    authorization: `Bearer ${context.token}`,
    'x-request-id': context.requestId,
  };
  if (init.body) {
    headers['content-type'] = init.body.contentType;
    headers['content-length'] = String(init.body.length);
  }
  if (context.locale) headers.locale = context.locale;
  if (context.testNamespace) headers[TEST_NAMESPACE_HEADER] = context.testNamespace;
  const endSpan = startUpstreamSpan(service, init.method, target.path, headers);
  const started = performance.now();
  let status: number | null = null;
  let ended = false;
  const finish = (outcome: 'ok' | 'error' | 'timeout' | 'unavailable') => {
    if (ended) return;
    ended = true;
    endSpan({ status, outcome });
    observeUpstreamCall(service, init.method, status, outcome, (performance.now() - started) / 1000);
  };

  const controller = new AbortController();
  const deadline = setTimeout(
    () => controller.abort(new UpstreamTimeout(service, init.method, target.path, init.timeoutMs)),
    init.timeoutMs,
  );
  let response: Response;
  try {
    response = await context.fetch(upstreamUrl(context.config, target), {
      method: init.method,
      headers,
      // A stream body is sent as it is read ('half': the answer is not read before it is all sent).
      ...(init.body ? { body: init.body.stream, duplex: 'half' as const } : {}),
      signal: controller.signal,
      redirect: 'manual',
    });
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof UpstreamTimeout) {
      finish('timeout');
      throw controller.signal.reason;
    }
    finish('unavailable');
    throw new UpstreamUnavailable(service, init.method, target.path, error);
  } finally {
    clearTimeout(deadline);
  }
  status = response.status;
  if (status < 200 || status >= 300) {
    let body: Record<string, unknown> = {};
    try {
      const text = (await response.text()).slice(0, MAX_ERROR_BODY);
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      /* not JSON: the status alone describes it */
    }
    finish('error');
    throw new UpstreamError(
      service,
      status,
      asText(body.code),
      asText(body.extended_code),
      asText(body.message),
      context.requestId,
      namesOf(body.missing_columns),
    );
  }
  return { response, abort: (reason) => controller.abort(reason), finish };
}
