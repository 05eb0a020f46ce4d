/** The most recent requests the services received, for tests that check what the gateway sent. */
import type { IncomingHttpHeaders } from 'node:http';
import { badRequest } from './errors.js';
import { checkMethod, checkService, pathMatcher, type Catalogue } from './operations.js';

export interface RecordedRequest {
  service: string;
  method: string;
  /** Full path without the query string, e.g. `/payment/pagos/1000001`. */
  path: string;
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** ISO date when it arrived. */
  at: string;
}

export class Recorder {
  private readonly buffer: (RecordedRequest | undefined)[];
  private next = 0;
  private count = 0;

  constructor(readonly capacity = 2000) {
    this.buffer = new Array<RecordedRequest | undefined>(capacity);
  }

  add(entry: RecordedRequest): void {
    this.buffer[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
  }

  clear(): void {
    this.buffer.fill(undefined);
    this.next = 0;
    this.count = 0;
  }

  /** Oldest first (newest last), those `keep` accepts, at most `limit` of the most recent. */
  list(keep: (entry: RecordedRequest) => boolean = () => true, limit?: number): RecordedRequest[] {
    const out: RecordedRequest[] = [];
    for (let i = 0; i < this.count; i++) {
      const entry = this.buffer[(this.next - this.count + i + this.capacity) % this.capacity];
      if (entry && keep(entry)) out.push(entry);
    }
    return limit !== undefined && out.length > limit ? out.slice(out.length - limit) : out;
  }
}

/** A query parameter given once, as text; undefined when missing or empty. */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw badRequest('invalid_query', `${name} va una sola vez.`);
  return value;
}

/**
 * The filter of `GET /__admin/requests` and `/__admin/requests/count`: `service`, `method`, `path` (an express-style
 * pattern of the full path, or the path itself), `requestId` (the `x-request-id` header the gateway forwards) and
 * `since` (ISO date or epoch ms: requests that arrived then or later), all optional and combined; `limit` keeps the
 * most recent. An unknown service or method is refused naming the valid ones.
 */
export function parseRequestFilter(
  query: Record<string, unknown>,
  catalogue: Catalogue,
): { keep: (entry: RecordedRequest) => boolean; limit?: number } {
  const service = single(query, 'service');
  if (service !== undefined) checkService(catalogue, service);
  const method = checkMethod(single(query, 'method'));
  const pattern = single(query, 'path');
  const matches = pattern === undefined ? undefined : pathMatcher(pattern);
  const requestId = single(query, 'requestId');
  const sinceText = single(query, 'since');
  const since =
    sinceText === undefined ? undefined : /^\d+$/.test(sinceText) ? Number(sinceText) : Date.parse(sinceText);
  if (since !== undefined && Number.isNaN(since)) {
    throw badRequest('invalid_query', 'since debe ser una fecha ISO 8601 o milisegundos desde 1970.');
  }
  const limitText = single(query, 'limit');
  const limit = limitText === undefined ? undefined : Number(limitText);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1)) {
    throw badRequest('invalid_query', 'limit debe ser un entero mayor o igual a 1.');
  }
  return {
    keep: (entry) =>
      (service === undefined || entry.service === service) &&
      (method === undefined || entry.method === method) &&
      (matches === undefined || matches(entry.path)) &&
      (requestId === undefined || entry.headers['x-request-id'] === requestId) &&
      (since === undefined || Date.parse(entry.at) >= since),
    limit,
  };
}
