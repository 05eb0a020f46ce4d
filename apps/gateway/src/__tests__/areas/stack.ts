import { freshTokens, gql, type GqlResponse } from '../http-helpers.js';
import { startLocalGateway } from '../local-gateway.js';
import { sharedStack } from '../shared-stack.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** One upstream call as the stubs' request log records it. */
export interface RecordedCall {
  service: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  body?: unknown;
}

/**
 * The worker's stubs and token emulator (shared-stack.ts) and a gateway of the file's own, for an area's
 * integration tests, with the request log at hand.
 */
export interface AreaStack {
  /** Runs one GraphQL request as `user` and returns the answer and the upstream calls it caused. */
  run<T>(
    user: string,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{ response: GqlResponse<T>; calls: RecordedCall[] }>;
  /** GET /files{path} as `user`: the answer and the upstream calls it caused. */
  download(user: string, path: string): Promise<{ response: Response; calls: RecordedCall[] }>;
  reset(): Promise<void>;
  close(): Promise<void>;
  /** The gateway's base URL (for /files calls), the stubs' URL and a user's bearer token. */
  gatewayUrl: string;
  stubsUrl: string;
  tokenOf(user: string): Promise<string>;
  /** The upstream calls recorded since the last `run` or `clearCalls`. */
  calls(): Promise<RecordedCall[]>;
  clearCalls(): Promise<void>;
}

export async function startAreaStack(): Promise<AreaStack> {
  const { stubs, emulator } = await sharedStack();
  const gateway = await startLocalGateway(stubs.url, emulator);
  const tokenOf = freshTokens((user) => emulator.accessTokenFor(user));
  return {
    async run<T>(user: string, query: string, variables: Record<string, unknown> = {}) {
      const token = await tokenOf(user);
      await fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
      const response = await gql<T>(gateway.graphqlUrl, query, { token, variables });
      const log = await fetch(`${stubs.url}/__admin/requests?limit=2000`);
      return { response, calls: (await log.json()) as RecordedCall[] };
    },
    async download(user: string, path: string) {
      const token = await tokenOf(user);
      await fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
      const response = await fetch(`${gateway.url}/files${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.clone().arrayBuffer();
      const log = await fetch(`${stubs.url}/__admin/requests?limit=2000`);
      return { response, calls: (await log.json()) as RecordedCall[] };
    },
    gatewayUrl: new URL(gateway.graphqlUrl).origin,
    stubsUrl: stubs.url,
    tokenOf,
    async calls() {
      const log = await fetch(`${stubs.url}/__admin/requests?limit=2000`);
      return (await log.json()) as RecordedCall[];
    },
    async clearCalls() {
      await fetch(`${stubs.url}/__admin/requests`, { method: 'DELETE' });
    },
    reset: stubs.reset,
    /** Closes the file's gateway; the stubs and the emulator are the worker's. */
    close: () => gateway.close(),
  };
}

/** "GET /collector/comercios/10001/saldo" lines of the calls, in order. */
export const callLines = (calls: readonly RecordedCall[]): string[] =>
  calls.map((call) => `${call.method} ${call.path}`);

/** Runs one GraphQL request as `user`, expecting no GraphQL error: its data and the upstream calls it caused. */
export async function dataAs(
  stack: AreaStack,
  user: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<{ data: ReturnType<typeof JSON.parse>; calls: RecordedCall[] }> {
  const { response, calls } = await stack.run<ReturnType<typeof JSON.parse>>(user, query, variables);
  if (response.body.errors) throw new Error(`GraphQL errors: ${response.text}`);
  return { data: response.body.data, calls };
}

/** The calls that are not reads. */
export const writesOf = (calls: readonly RecordedCall[]): RecordedCall[] =>
  calls.filter((call) => call.method !== 'GET');

/** The decoded `filters` query parameter of a list call ([] when absent). */
export const filtersOf = (call: RecordedCall | undefined): unknown[] =>
  JSON.parse(String(call?.query.filters ?? '[]')) as unknown[];

/** The file's stack: taken before its tests, stubs reset before each, its gateway closed after; call it inside a test. */
export function useAreaStack(): () => AreaStack {
  let stack: AreaStack | undefined;
  beforeAll(async () => {
    stack = await startAreaStack();
  });
  afterAll(async () => {
    await stack?.close();
  });
  beforeEach(async () => {
    await stack?.reset();
  });
  return () => {
    if (!stack) throw new Error('the area stack is not started');
    return stack;
  };
}
