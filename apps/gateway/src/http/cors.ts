/**
 * CORS of the API's routes (/graphql, /files): the configured origins only, no credentials (the token travels in
 * Authorization), the headers the web sends; each route names the headers the browser may read.
 */
import cors from 'cors';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A route's CORS step: answers a preflight itself, else calls `next` (with an error when it failed). */
export type CorsStep = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The API's CORS for the configured origins; call the result with each route's exposed headers. */
export function apiCors(origins: readonly string[]): (exposedHeaders: string[]) => CorsStep {
  const allowed = new Set(origins);
  return (exposedHeaders) =>
    cors({
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      credentials: false,
      methods: ['GET', 'POST'],
      allowedHeaders: [
        'authorization',
        'content-type',
        'apollo-require-preflight',
        'x-apollo-operation-name',
        // The web sends the platform's headers on every request (spec: source=backoffice, locale=es_AR).
        'source',
        'locale',
        'x-request-id',
        // W3C Trace Context: the web starts the trace (docs/operations.md §6).
        'traceparent',
        'tracestate',
        // A live stream's reconnection (GET /live, docs/live.md).
        'last-event-id',
        // An upload's key (POST /files/…: a repeated send answered from its record).
        'idempotency-key',
        // The web names its client: its documents are the trusted ones (execution/trusted-documents.ts).
        'apollographql-client-name',
        'apollographql-client-version',
      ],
      exposedHeaders,
      maxAge: 600,
    });
}
