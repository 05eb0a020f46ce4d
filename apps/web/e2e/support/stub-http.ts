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
