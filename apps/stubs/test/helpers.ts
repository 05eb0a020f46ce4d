import { startStubs, type RunningStubs } from '../src/index.js';

/** JSON answers are read loosely in tests; the assertions check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface Client {
  stubs: RunningStubs;
  get<T = Loose>(path: string, headers?: Record<string, string>): Promise<{ status: number; body: T }>;
  send<T = Loose>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: Headers }>;
  /** `?filters=...` query for a list. */
  list<T = Loose>(
    path: string,
    params: { filters?: unknown; page?: number; limit?: number; sorts?: string },
  ): Promise<{ status: number; body: T }>;
}

export async function startClient(options: { seed?: number; latencyMs?: number } = {}): Promise<Client> {
  const stubs = await startStubs({ port: 0, host: '127.0.0.1', ...options });
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${stubs.url}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  };
  return {
    stubs,
    get: (path, headers) => send('GET', path, undefined, headers),
    send,
    list: (path, params) => {
      const query = new URLSearchParams();
      if (params.filters !== undefined)
        query.set(
          'filters',
          typeof params.filters === 'string' ? params.filters : JSON.stringify(params.filters),
        );
      if (params.page !== undefined) query.set('page', String(params.page));
      if (params.limit !== undefined) query.set('limit', String(params.limit));
      if (params.sorts !== undefined) query.set('sorts', params.sorts);
      return send('GET', `${path}?${query.toString()}`);
    },
  };
}

/** Every row of a list, page by page (limit 1000). */
export async function listAll<T = Loose>(client: Client, path: string, filters?: unknown): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await client.list(path, { filters, page, limit: 1000 });
    if (status !== 200) throw new Error(`list ${path} answered ${status}`);
    rows.push(...body.rows);
    if (rows.length >= body.size || body.rows.length === 0) return rows;
  }
}

export const filter = (field: string, operation: string, value: unknown) => ({ field, operation, value });
