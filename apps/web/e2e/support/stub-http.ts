import type { Stack } from './stack';

/**
 * One request to the stubs over HTTP (a service's own path or its `/__admin` switches), `path` from the root
 * (`/__admin/requests`, `/batch/lotes/20190`): the answer's JSON (undefined when empty). A status other than 2xx
 * throws with the answer's text, so a test never reads an error as state.
 */
export async function stubRequest<T = unknown>(
  stack: Stack,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${stack.urls.stubs}${path}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} respondió ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The same, for the stubs' `/__admin` switches (`requests?service=payment`, `failures`). */
export const stubAdmin = <T = unknown>(stack: Stack, method: string, path: string, body?: unknown) =>
  stubRequest<T>(stack, method, `/__admin/${path}`, body);

/** A request the stubs recorded since the last reset (`GET /__admin/requests`). */
export interface RecordedStubRequest {
  service: string;
  method: string;
  /** Without the query string (that is `query`). */
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string | undefined>;
}

/** The requests the stubs received since the last reset: of one service, or of every one. */
export const stubRequests = (stack: Stack, service?: string) =>
  stubAdmin<RecordedStubRequest[]>(stack, 'GET', service ? `requests?service=${service}` : 'requests');

/** A write (any method but GET) a stub service received from the gateway. */
export interface StubWrite {
  method: string;
  path: string;
  body: unknown;
}

/**
 * The writes the gateway sent the stubs since the last reset (with an operator's token: a test's own set-up
 * calls carry none), of one service or of every one, in the order received. Check a write where it lands.
 */
export async function stubWrites(stack: Stack, service?: string): Promise<StubWrite[]> {
  return (await stubRequests(stack, service))
    .filter((r) => r.method !== 'GET' && r.headers.authorization !== undefined)
    .map(({ method, path, body }) => ({ method, path, body }));
}

/** 'POST /import/pagos/aprobar/4001': a write as one line. */
export const writeLine = (write: StubWrite) => `${write.method} ${write.path}`;
