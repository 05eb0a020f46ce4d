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

async function tokenOf(stack: TestStack, username: string): Promise<string> {
  const grant = await fetch(`${stack.keycloak}/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: TEST_CLIENT_ID,
      username,
      password: username,
    }),
  });
  return ((await grant.json()) as { access_token: string }).access_token;
}

async function ask(stack: TestStack, token: string, query: string) {
  const response = await fetch(stack.graphql, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: unknown; errors?: { extensions: { code: string } }[] };
}

describe('the upstream deadline of a test stack', () => {
  it('gives the gateway a deadline longer than production’s, unless the test asks for another', () => {
    expect(TEST_UPSTREAM_TIMEOUT_MS).toBeGreaterThan(PRODUCTION_TIMEOUT_MS);
    expect(testStackOptions().gatewayEnv.UPSTREAM_TIMEOUT_MS).toBe(String(TEST_UPSTREAM_TIMEOUT_MS));
    expect(testStackOptions({ upstreamTimeoutMs: 300 }).gatewayEnv.UPSTREAM_TIMEOUT_MS).toBe('300');
    // Writes too (docs/testing-integration.md §3): one deadline for both.
    expect(testStackOptions().gatewayEnv.MUTATION_TIMEOUT_MS).toBe(String(TEST_UPSTREAM_TIMEOUT_MS));
    expect(testStackOptions({ upstreamTimeoutMs: 300 }).gatewayEnv.MUTATION_TIMEOUT_MS).toBe('300');
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
      const token = await tokenOf(stack, 'operador');
      // The realm's keys first, through a query that calls no service: on a loaded machine their first fetch can
      // outlast its own deadline (UPSTREAM_UNAVAILABLE), which is not the deadline this test is about.
      await expect
        .poll(async () => (await ask(stack, token, '{ me { username } }')).errors, {
          timeout: 30_000,
          interval: 500,
        })
        .toBeUndefined();
      const { errors } = await ask(stack, token, '{ payments(pageSize: 1) { total } }');
      expect(errors?.map((error) => error.extensions.code)).toEqual(['UPSTREAM_TIMEOUT']);
    });

    it('answers UNKNOWN for a write slower than it (writes get the same deadline, not production’s 15 s)', async () => {
      await fetch(`${stack.stubs}/__admin/reset`, { method: 'POST' });
      const fault = await fetch(`${stack.stubs}/__admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          service: 'payment',
          method: 'POST',
          path: '/payment/pagos/:id/cancelar',
          latencyMs: 5_000,
        }),
      });
      expect(fault.ok).toBe(true);
      const token = await tokenOf(stack, 'operador');
      const { data } = await ask(
        stack,
        token,
        `mutation { cancelPayment(id: "1002498", reason: "Prueba del plazo", idempotencyKey: "${crypto.randomUUID()}") { outcome error { code } } }`,
      );
      expect(data).toEqual({ cancelPayment: { outcome: 'UNKNOWN', error: { code: 'UPSTREAM_TIMEOUT' } } });
    });
  });
});
