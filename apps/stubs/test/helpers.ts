import { inject } from 'vitest';
import { startStubs, type RunningStubs } from '../src/index.js';

/** JSON answers are read loosely in tests; the assertions check their shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface Client {
  stubs: Pick<RunningStubs, 'url'>;
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

/** A client of stubs at `url`. */
function clientOf<S extends Pick<RunningStubs, 'url'>>(stubs: S): Client & { stubs: S } {
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

/** Stubs of this test's own (close them): for another seed or latency, or a second server beside the shared one. */
export async function startClient(
  options: { seed?: number; latencyMs?: number } = {},
): Promise<Client & { stubs: RunningStubs }> {
  return clientOf(await startStubs({ port: 0, host: '127.0.0.1', ...options }));
}

/**
 * The stubs this file shares with the others of its vitest worker (shared-stubs.global.ts), reset: the seeded
 * data, no recorded request, fault or forced failure. Never closed by a file.
 */
export async function sharedClient(): Promise<Client> {
  const url = inject('sharedStubs')[Number(process.env.VITEST_POOL_ID) - 1];
  if (!url) throw new Error(`no shared stubs for the vitest worker ${process.env.VITEST_POOL_ID}`);
  const client = clientOf({ url });
  const { status } = await client.send('POST', '/__admin/reset');
  if (status !== 200) throw new Error(`the shared stubs' reset answered ${status}`);
  return client;
}

/** Clears the faults, forced failures and request log of `client`'s stubs, keeping their data (admin tests). */
export async function clearAdmin(client: Client): Promise<void> {
  for (const what of ['faults', 'failures', 'requests']) {
    const { status } = await client.send('DELETE', `/__admin/${what}`);
    if (status !== 204) throw new Error(`DELETE /__admin/${what} answered ${status}`);
  }
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
