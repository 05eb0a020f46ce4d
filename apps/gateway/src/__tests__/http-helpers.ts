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

/**
 * Each user's access token, minted once and again when it is a minute old. A test file can run for longer than a
 * token's 300 s on a loaded 2-core machine (the payments suite took 460 s beside another `npm test`): a token kept
 * for the whole file expired halfway and every later request answered 401.
 */
export function freshTokens(
  mint: (username: string) => Promise<string>,
  maxAgeMs = 60_000,
): (username: string) => Promise<string> {
  const minted = new Map<string, { token: Promise<string>; at: number }>();
  return (username) => {
    const known = minted.get(username);
    if (known && Date.now() - known.at < maxAgeMs) return known.token;
    const token = mint(username);
    minted.set(username, { token, at: Date.now() });
    return token;
  };
}

/** Makes every request to one stub service (or "*") answer `latencyMs` later, until the stubs' reset. */
export async function injectLatency(stubsUrl: string, service: string, latencyMs: number): Promise<void> {
  const res = await fetch(`${stubsUrl}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ service, latencyMs }),
  });
  if (!res.ok) throw new Error(`faults: ${res.status} ${await res.text()}`);
}

/**
 * The client's idempotency key in the one a service received: the gateway scopes each key to its operator
 * (`<16 hex of the operator>.<key>`, upstream/rest-client.ts `operatorScopedKey`). Null when the header is
 * absent; a header without the operator's part comes back as it is (a test then fails on it).
 */
export const clientKeyOf = (header: string | undefined): string | null =>
  header === undefined ? null : header.replace(/^[0-9a-f]{16}\./, '');

/**
 * A new idempotency key for a test's write (schema 2.0.0: every mutation that writes to a platform service requires
 * one): one per call, as a client makes one per intent.
 */
export const freshKey = (): string => `test-${crypto.randomUUID()}`;

/** A request the stubs received (their `/__admin/requests` log). */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/** The writes (any method but GET) the stubs' `service` received, in order. */
export async function recordedWrites(stubsUrl: string, service: string): Promise<RecordedRequest[]> {
  const log = (await (
    await fetch(`${stubsUrl}/__admin/requests?service=${service}`)
  ).json()) as RecordedRequest[];
  return log.filter((request) => request.method !== 'GET');
}

/** A record's rows in the activity (the store's): who, what, how it ended and why. */
export const RECORD_ACTIVITY = /* GraphQL */ `
  query RecordActivity($recordId: String) {
    activity(filter: { recordId: $recordId }, page: 1, pageSize: 20) {
      rows {
        user
        operation
        result
        code
      }
    }
  }
`;
