// A test stack's gateway waits for a slow upstream longer than production does: a loaded CI machine must not turn
// another team's query into UPSTREAM_TIMEOUT (examples/integration's first list did, once, at load 10), and a test
// that wants the timeout asks for a shorter deadline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, TEST_CLIENT_ID, TEST_UPSTREAM_TIMEOUT_MS, type TestStack } from './index.mjs';

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
  return (await response.json()) as {
    data?: { payments: { total: number } } | null;
    errors?: { extensions: { code: string } }[];
  };
}

async function slowPaymentService(stack: TestStack, latencyMs: number) {
  const response = await fetch(`${stack.stubs}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ service: 'payment', latencyMs }),
  });
  expect(response.ok).toBe(true);
}

describe('the upstream deadline of a test stack', () => {
  let stack: TestStack;
  let short: TestStack;

  beforeAll(async () => {
    [stack, short] = await Promise.all([
      startTestStack({ gatewayLogLevel: 'silent' }),
      startTestStack({ gatewayLogLevel: 'silent', upstreamTimeoutMs: 300 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([stack?.close(), short?.close()]);
  });

  it('answers a read slower than production’s 5 s deadline', async () => {
    expect(TEST_UPSTREAM_TIMEOUT_MS).toBeGreaterThan(PRODUCTION_TIMEOUT_MS);
    await slowPaymentService(stack, PRODUCTION_TIMEOUT_MS + 1_000);
    const { data, errors } = await paymentsAs(stack, 'operador');
    expect(errors).toBeUndefined();
    expect(data?.payments.total).toBeGreaterThan(0);
  });

  it('gives UPSTREAM_TIMEOUT when a test asks for a shorter deadline', async () => {
    await slowPaymentService(short, 2_000);
    const { errors } = await paymentsAs(short, 'operador');
    expect(errors?.map((error) => error.extensions.code)).toEqual(['UPSTREAM_TIMEOUT']);
  });
});
