import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import {
  PRELOAD_FRESH_MS,
  forgetEarlyRequests,
  sendEarlyRequest,
  takeEarlyAnswer,
  type EarlyRequest,
} from '..';

const REQUEST: EarlyRequest = {
  operationName: 'Things',
  query: 'query Things($page: Int) {\n  things(page: $page) {\n    id\n    __typename\n  }\n}',
  variables: { page: 1, filter: { status: 'OPEN', from: '2026-11-01T03:00:00.000Z' } },
};

const DATA = { things: [{ __typename: 'Thing', id: '1' }] };

/** A fetch answering `status` with `body` (a string as is), recording what was sent; `fail` rejects instead. */
function fakeFetch(status: number, body: unknown, { fail = false } = {}) {
  const sent: { url: string; init: RequestInit }[] = [];
  const impl = (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), init: init! });
    if (fail) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  };
  return { sent, fetch: impl as typeof fetch };
}

const options = (f: typeof fetch, now?: () => number) => ({
  gatewayUrl: 'http://gateway.test/graphql',
  getToken: () => Promise.resolve('token-1'),
  language: 'es-AR',
  fetch: f,
  ...(now ? { now } : {}),
});

/** The operation as Apollo's link sees it: the same request, its variables' keys in another order. */
const operation = {
  operationName: 'Things',
  variables: { filter: { from: '2026-11-01T03:00:00.000Z', status: 'OPEN' }, page: 1 },
  query: REQUEST.query,
};

describe('the early request', () => {
  afterEach(() => forgetEarlyRequests());

  it('posts the operation with the headers every gateway request carries, as Apollo’s HttpLink would', async () => {
    const { sent, fetch } = fakeFetch(200, { data: DATA });
    await expect(sendEarlyRequest(REQUEST, options(fetch))).resolves.toEqual({ data: DATA });
    expect(sent).toHaveLength(1);
    const { url, init } = sent[0]!;
    expect(url).toBe('http://gateway.test/graphql');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers).toMatchObject({
      authorization: 'Bearer token-1',
      source: 'backoffice',
      locale: 'es_AR',
      'content-type': 'application/json',
      accept: 'application/graphql-response+json,application/json;q=0.9',
      'apollographql-client-name': 'backoffice-web',
    });
    expect(headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(JSON.parse(String(init.body))).toEqual({
      operationName: 'Things',
      variables: REQUEST.variables,
      extensions: {
        persistedQuery: { version: 1, sha256Hash: createHash('sha256').update(REQUEST.query).digest('hex') },
      },
    });
  });

  it('hands its answer to the same operation once (whatever the variables’ key order), then to nobody', async () => {
    const { fetch } = fakeFetch(200, { data: DATA, extensions: { cost: 3 } });
    void sendEarlyRequest(REQUEST, options(fetch));
    const taken = takeEarlyAnswer(operation);
    expect(taken).toBeDefined();
    await expect(taken).resolves.toEqual({ data: DATA, extensions: { cost: 3 } });
    expect(takeEarlyAnswer(operation)).toBeUndefined();
  });

  it('hands nothing to another operation: other variables, another name, another text', () => {
    void sendEarlyRequest(REQUEST, options(fakeFetch(200, { data: DATA }).fetch));
    expect(takeEarlyAnswer({ ...operation, variables: { ...operation.variables, page: 2 } })).toBeUndefined();
    expect(takeEarlyAnswer({ ...operation, operationName: 'Others' })).toBeUndefined();
    expect(takeEarlyAnswer({ ...operation, query: `${REQUEST.query} ` })).toBeUndefined();
    // A text that differs drops it: the operation goes to the gateway, and so does the next one.
    expect(takeEarlyAnswer(operation)).toBeUndefined();
  });

  it('hands nothing once older than PRELOAD_FRESH_MS', () => {
    const sentAt = 1_000_000;
    void sendEarlyRequest(
      REQUEST,
      options(fakeFetch(200, { data: DATA }).fetch, () => sentAt),
    );
    expect(takeEarlyAnswer(operation, sentAt + PRELOAD_FRESH_MS + 1)).toBeUndefined();
    void sendEarlyRequest(
      REQUEST,
      options(fakeFetch(200, { data: DATA }).fetch, () => sentAt),
    );
    expect(takeEarlyAnswer(operation, sentAt + PRELOAD_FRESH_MS)).toBeDefined();
  });

  it('never passes a failure on as an answer: the operation then goes to the gateway itself', async () => {
    const failures = [
      fakeFetch(0, null, { fail: true }).fetch,
      fakeFetch(500, { data: DATA }).fetch,
      fakeFetch(401, { errors: [{ message: 'x', extensions: { code: 'UNAUTHENTICATED' } }] }).fetch,
      fakeFetch(200, { errors: [{ message: 'Servicio no disponible.' }], data: null }).fetch,
      fakeFetch(200, { errors: [{ message: 'parcial' }], data: DATA }).fetch,
      fakeFetch(200, 'not json').fetch,
      fakeFetch(200, { data: null }).fetch,
    ];
    for (const fetch of failures) {
      await expect(sendEarlyRequest(REQUEST, options(fetch))).resolves.toBeUndefined();
      await expect(takeEarlyAnswer(operation)).resolves.toBeUndefined();
    }
  });

  it('waits for the token and settles with nothing when there is none', async () => {
    const { sent, fetch } = fakeFetch(200, { data: DATA });
    const answer = sendEarlyRequest(REQUEST, {
      ...options(fetch),
      getToken: () => Promise.reject(new Error('sin sesión')),
    });
    await expect(answer).resolves.toBeUndefined();
    expect(sent).toHaveLength(0);
  });
});
