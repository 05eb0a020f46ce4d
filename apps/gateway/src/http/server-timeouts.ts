/**
 * The HTTP server's own bounds on a request, below Node's defaults (a request may take 300 s to come in,
 * checked every 30 s): the whole request, headers and body, must be in within the upload's total bound
 * (UPLOAD_TOTAL_TIMEOUT_MS) and a margin, so the /files router answers a slow upload first, in Spanish, and any other
 * request trickled in byte by byte is ended by Node with a 408 soon after. The headers have their own bound
 * (`headersTimeout`, never above the request's, as Node requires) and an idle keep-alive connection stays open a
 * little longer than a load balancer's usual 60 s.
 */
import type { ServerOptions } from 'node:http';
import type { GatewayConfig } from '../config.js';

/** What the request bound adds to the uploads' total one: the router's 408 comes first. */
export const REQUEST_TIMEOUT_MARGIN_MS = 5_000;
/** Headers are in within this (or the request bound, when shorter). */
export const HEADERS_TIMEOUT_MS = 66_000;
/** An idle keep-alive connection is kept this long. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Node checks the request and headers bounds this often at most (its default, 30 s, would let one run 30 s over). */
const MAX_CHECK_INTERVAL_MS = 5_000;

export type ServerTimeouts = Required<
  Pick<
    ServerOptions,
    'requestTimeout' | 'headersTimeout' | 'keepAliveTimeout' | 'connectionsCheckingInterval'
  >
>;

export function serverTimeouts(uploads: Pick<GatewayConfig['uploads'], 'totalTimeoutMs'>): ServerTimeouts {
  const requestTimeout = uploads.totalTimeoutMs + REQUEST_TIMEOUT_MARGIN_MS;
  return {
    requestTimeout,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // A tenth of the bound: a request is ended at most 10 % after it.
    connectionsCheckingInterval: Math.min(MAX_CHECK_INTERVAL_MS, Math.ceil(requestTimeout / 10)),
  };
}
