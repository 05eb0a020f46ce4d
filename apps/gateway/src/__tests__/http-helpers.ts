/** Small HTTP helpers for the gateway's HTTP tests. */
export interface GqlResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: {
    data?: T | null;
    errors?: Array<{ message: string; extensions?: Record<string, unknown>; path?: unknown[] }>;
  };
  text: string;
}

export async function gql<T = Record<string, unknown>>(
  url: string,
  query: string,
  options: {
    token?: string | null;
    variables?: Record<string, unknown>;
    headers?: Record<string, string>;
  } = {},
): Promise<GqlResponse<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: JSON.stringify({ query, variables: options.variables ?? {} }),
  });
  const text = await response.text();
  let body: GqlResponse<T>['body'];
  try {
    body = JSON.parse(text) as GqlResponse<T>['body'];
  } catch {
    body = {};
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** Asserts nothing internal leaks in an error response. */
export const INTERNAL_MARKERS = [
  /stack/i,
  /at .*\.(ts|js):\d+/,
  /node_modules/,
  /ECONNREFUSED/,
  /TimeoutError/,
  /jose/i,
  /JWS/,
  /JWT/,
];
