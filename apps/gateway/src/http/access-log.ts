/**
 * What every request of the gateway's listener gets first (server.ts): its request id, its test namespace (test
 * profile only), its access-log line when it finishes and the API's security headers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthUser } from '../auth/verify-token.js';
import { requestIdFrom } from '../context.js';
import type { GatewayContext } from '../gateway-context.js';
import type { Logger } from '../logger.js';
import { TEST_NAMESPACE_HEADER, testNamespaceFrom } from '../upstream/test-namespace.js';
import { localsOf, pathOf } from './plain.js';

/** A request's locals: set here, by the operator gate (user), GraphQL (context) and the trace (traceId). */
export interface GatewayLocals {
  requestId: string;
  testNamespace: string | null;
  started: number;
  user?: AuthUser;
  context?: GatewayContext;
  traceId?: string;
}

export const gatewayLocals = (res: ServerResponse): Partial<GatewayLocals> => localsOf<GatewayLocals>(res);

/**
 * Access log (one line per request, never the token), request id and, with the test profile's namespaces on
 * (`testNamespaces`), the request's test namespace (ignored otherwise: nothing forwarded, the store's normal rows).
 */
export function requestLogging(
  logger: Logger,
  testNamespaces: boolean,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    const testNamespace = testNamespaces ? testNamespaceFrom(req.headers[TEST_NAMESPACE_HEADER]) : null;
    const started = performance.now();
    const path = pathOf(req);
    Object.assign(localsOf(res), { requestId, testNamespace, started } satisfies GatewayLocals);
    res.setHeader('x-request-id', requestId);
    res.on('finish', () => {
      const l = gatewayLocals(res);
      const calls = l.context?.upstreamCalls;
      logger.info('request', {
        requestId,
        method: req.method,
        path,
        status: res.statusCode,
        durationMs: Math.round(performance.now() - started),
        ...(l.user ? { user: l.user.username } : {}),
        ...(l.context?.meta.operationName ? { operation: l.context.meta.operationName } : {}),
        ...(calls ? { upstreamCalls: calls.length } : {}),
        ...(l.traceId ? { traceId: l.traceId } : {}),
        ...(testNamespace ? { namespace: testNamespace } : {}),
      });
    });
  };
}

/**
 * Headers of every answer. The API serves JSON only: its CSP forbids everything (a response opened as a page runs
 * nothing and cannot be framed); the sandbox replaces CSP and cache-control with its own. Answers are never cached.
 */
export function securityHeaders(res: ServerResponse): void {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'no-referrer');
  res.setHeader('cross-origin-resource-policy', 'same-site');
  res.setHeader('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  res.setHeader('x-frame-options', 'DENY');
  res.setHeader('cache-control', 'no-store');
}
