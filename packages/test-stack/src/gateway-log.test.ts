// What a suite reads of a test stack besides the answers: the gateway's log lines go to stderr (or the caller's
// function), never to stdout where a test runner writes its report, each request's lines with its test namespace;
// and a document's price before it is sent (`priceOperation`) is what its answer reports.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  priceOperation,
  startTestStack,
  TEST_CLIENT_ID,
  testStackOptions,
  type TestStack,
} from './index.mjs';

describe('the gateway log of a test stack', () => {
  it('goes to stderr by default, never to stdout', () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      (testStackOptions().log as (line: string) => void)('{"msg":"request"}');
      expect(err).toHaveBeenCalledWith('{"msg":"request"}\n');
      expect(out).not.toHaveBeenCalled();
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
});

describe('a running test stack', () => {
  let stack: TestStack;
  let token: string;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    stack = await startTestStack({
      gatewayLogLevel: 'debug',
      gatewayLog: (line) => {
        if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    });
    const grant = await fetch(`${stack.keycloak}/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: TEST_CLIENT_ID,
        username: 'operador',
        password: 'operador',
      }),
    });
    token = ((await grant.json()) as { access_token: string }).access_token;
  });
  afterAll(() => stack?.close());

  const ask = async (query: string, variables: Record<string, unknown>, requestId: string) => {
    const answer = await fetch(stack.graphql, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-test-namespace': 'registro',
        'x-request-id': requestId,
      },
      body: JSON.stringify({ query, variables }),
    });
    return (await answer.json()) as { extensions: { cost: unknown } };
  };

  it('writes each request’s log lines with its test namespace', async () => {
    await ask('{ payments(pageSize: 2) { rows { id } } }', {}, 'registro-1');
    await vi.waitFor(
      () =>
        expect(lines.find((line) => line.msg === 'request' && line.requestId === 'registro-1')).toBeDefined(),
      {
        timeout: 20_000,
        interval: 50,
      },
    );
    const own = lines.filter((line) => line.requestId === 'registro-1');
    expect(own.length).toBeGreaterThan(1);
    expect(own.map((line) => [line.msg, line.namespace])).toEqual(own.map((line) => [line.msg, 'registro']));
  });

  it('prices a document as its answer reports it', async () => {
    const query =
      'query List($n: Int) { payments(pageSize: $n) { total rows { id status collector { name } } } }';
    for (const n of [1, 25, 100]) {
      const price = priceOperation(query, { variables: { n } });
      const answer = await ask(query, { n }, `registro-price-${n}`);
      expect(answer.extensions.cost).toEqual({
        requested: price.cost,
        limit: price.limits.maxCost,
        upstreamCalls: { requested: price.upstreamCalls, limit: price.limits.maxUpstreamCalls },
      });
      expect(price.refusal).toBeNull();
    }
    expect(priceOperation(query, { variables: { n: 100 } }).cost).toBeGreaterThan(
      priceOperation(query, { variables: { n: 1 } }).cost,
    );
  });
});
