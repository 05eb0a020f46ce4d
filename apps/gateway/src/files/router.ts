/**
 * `/files`: the one file capability of the gateway. Each route a module declares (types.ts) is served here with
 * the GraphQL endpoint's rules, checked in this order and each refusal answered before any upstream call:
 * the operator gate (http/operator-gate.ts: bearer token 401, the per-operator rate limit 429 shared with /graphql,
 * permission any-of like `@auth` 403), parameters (400), then for an upload its Content-Length (413), a place among
 * the uploads in flight (429, upload-slots.ts), type by extension (415), size while streaming (413), a body that
 * stops coming (408) and content (415). Composed of named parts: the calls' shared parts and audit
 * (file-call.ts), the download handler (downloads.ts), the upload handler (uploads.ts), and this route table.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StoreHandle } from '../activity/store-handle.js';
import type { GatewayConfig } from '../config.js';
import type { OperatorGate } from '../http/operator-gate.js';
import { methodIs, routeMatcher } from '../http/routes.js';
import type { Logger } from '../logger.js';
import { downloadRoute } from './downloads.js';
import { asRefusal, callState, fileCalls, type FileCalls, type FileRouteHandler } from './file-call.js';
import { notFound } from './refusals.js';
import type { FileRoute } from './types.js';
import type { UploadMoves } from './upload-move.js';
import { uploadRoute } from './uploads.js';
import { uploadSlots } from './upload-slots.js';
import { uploadSpool } from './spool.js';

export { contentDisposition, fileNameFrom, isCsv } from './file-body.js';

export interface FilesRouterOptions {
  config: GatewayConfig;
  /** The operator check and rate limit /graphql goes through too (http/operator-gate.ts). */
  gate: OperatorGate;
  logger: Logger;
  routes: readonly FileRoute[];
  /** The fetch used for upstream calls (tests); default the global one. */
  fetch?: typeof fetch;
  /** The gateway's own store, read by producing downloads (`produce`). */
  store?: StoreHandle | null;
  /**
   * Where an upload is recorded before it is forwarded, as a money move (upload-move.ts): an operator's action in
   * 'Actividad' like a mutation's.
   */
  moves?: UploadMoves;
}

/**
 * Serves a request under /files: `path` is the part below it ('/retiros/1/csv'). CORS is the caller's (server.ts);
 * a malformed parameter is thrown (a 400 the caller answers).
 */
export type FilesHandler = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;

/** Anything else under /files: 401 without a valid token (429 past the limit), else 404; audited like the rest. */
function unknownRoute(calls: FileCalls) {
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
    const state = callState(`${req.method} /files${path}`.slice(0, 200));
    try {
      await calls.authorize(req, res, state);
    } catch (error) {
      calls.refuse(res, state, asRefusal(error));
      return;
    }
    calls.refuse(res, state, notFound());
  };
}

export function filesRouter(options: FilesRouterOptions): FilesHandler {
  const calls = fileCalls({
    config: options.config,
    gate: options.gate,
    logger: options.logger,
    fetch: options.fetch ?? globalThis.fetch,
    store: options.store ?? null,
    ...(options.moves ? { moves: options.moves } : {}),
  });
  const takeUploadSlot = uploadSlots(options.config.uploads);
  const spoolSettings = options.config.uploadSpool;
  for (const route of options.routes) {
    // A file one operator's room on disk cannot hold would be refused every time: a configuration to correct.
    if (route.kind === 'upload' && route.maxBytes > spoolSettings.maxBytesPerOperator) {
      throw new Error(
        `UPLOAD_SPOOL_MAX_BYTES_PER_OPERATOR (${spoolSettings.maxBytesPerOperator}) is below the ${route.route} upload's limit (${route.maxBytes} bytes)`,
      );
    }
  }
  // Made at start: a killed process's spooled files are removed now, not at the first upload.
  const spool = uploadSpool(spoolSettings, options.logger);
  const routes = options.routes.map((route) => ({
    method: route.kind === 'download' ? ('GET' as const) : ('POST' as const),
    params: routeMatcher(route.route),
    handle: (route.kind === 'download'
      ? downloadRoute(calls, route)
      : uploadRoute(calls, route, takeUploadSlot, spool)) satisfies FileRouteHandler,
  }));
  const unknown = unknownRoute(calls);
  return async (req, res, path) => {
    for (const route of routes) {
      if (!methodIs(req, route.method)) continue;
      const params = route.params(path);
      if (params) return route.handle(Object.assign(req, { params }), res);
    }
    return unknown(req, res, path);
  };
}
