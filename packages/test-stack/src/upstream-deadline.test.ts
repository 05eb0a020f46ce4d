// A test stack's gateway waits for a slow upstream longer than production does: a loaded CI machine must not turn
// another team's query into UPSTREAM_TIMEOUT (examples/integration's first list did, once, at load 10), and a test
// that wants the timeout asks for a shorter deadline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestStack,
  TEST_CLIENT_ID,
  TEST_UPSTREAM_TIMEOUT_MS,
  testStackOptions,
  type TestStack,
} from './index.mjs';

const PRODUCTION_TIMEOUT_MS = 5_000;

async function paymentsAs(stack: TestStack, username: string) {
  const grant = await fetch(`${stack.keycloak}/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', client_id: TEST_CLIENT_ID, username, password: username }),
  });
  const { access_token: token } = (await grant.json()) as { access_token: string };
  const response = await fetch(stack.graphql, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ payments(pageSize: 1) { total } }' }),
  });
  return (await response.json()) as { errors?: { extensions: { code: string } }[] };
}

describe('the upstream deadline of a test stack', () => {
  it('gives the gateway a deadline longer than production’s, unless the test asks for another', () => {
    expect(TEST_UPSTREAM_TIMEOUT_MS).toBeGreaterThan(PRODUCTION_TIMEOUT_MS);
    expect(testStackOptions().gatewayEnv).toEqual({ UPSTREAM_TIMEOUT_MS: String(TEST_UPSTREAM_TIMEOUT_MS) });
    expect(testStackOptions({ upstreamTimeoutMs: 300 }).gatewayEnv).toEqual({ UPSTREAM_TIMEOUT_MS: '300' });
  });

  describe('a stack started with a shorter deadline', () => {
    let stack: TestStack;
    beforeAll(async () => {
      stack = await startTestStack({ gatewayLogLevel: 'silent', upstreamTimeoutMs: 300 });
    });
    afterAll(() => stack?.close());

    it('gives UPSTREAM_TIMEOUT for a service slower than it (the deadline reaches the gateway)', async () => {
      const fault = await fetch(`${stack.stubs}/__admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ service: 'payment', latencyMs: 2_000 }),
      });
      expect(fault.ok).toBe(true);
      const { errors } = await paymentsAs(stack, 'operador');
      expect(errors?.map((error) => error.extensions.code)).toEqual(['UPSTREAM_TIMEOUT']);
    });
  });
});
