// The gateway's own store in a test stack: preferences and activity are kept per test namespace like the
// stubs' data, and the stubs' `POST /__admin/reset` of a namespace clears the gateway's rows of that namespace too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, TEST_CLIENT_ID, type TestStack } from './index.mjs';

describe('the gateway store of a test stack, per namespace', () => {
  let stack: TestStack;
  let token: string;
  beforeAll(async () => {
    stack = await startTestStack({ gatewayLogLevel: 'silent' });
    const form = {
      grant_type: 'password',
      client_id: TEST_CLIENT_ID,
      username: 'operador',
      password: 'operador',
    };
    const grant = await fetch(`${stack.keycloak}/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams(form),
    });
    token = ((await grant.json()) as { access_token: string }).access_token;
  });
  afterAll(() => stack?.close());

  /** The operator's preference `list.ns.vista` as one namespace sees it ('' the default one), after `write`. */
  const view = async (namespace: string, write?: string) => {
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(namespace ? { 'x-test-namespace': namespace } : {}),
    };
    if (write !== undefined) {
      const query = 'mutation($v: JSON) { setPreference(key: "list.ns.vista", value: $v) { outcome } }';
      const set = await fetch(stack.graphql, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables: { v: write } }),
      });
      expect(set.status).toBe(200);
    }
    const read = await fetch(stack.graphql, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: '{ preferences(prefix: "list.ns.") { value } }' }),
    });
    const body = (await read.json()) as { data: { preferences: Array<{ value: unknown }> } };
    return body.data.preferences.map((p) => p.value);
  };
  const reset = (query: string) => fetch(`${stack.stubs}/__admin/reset${query}`, { method: 'POST' });

  it("keeps each namespace's preferences apart, and the stubs' reset of one clears its rows only", async () => {
    expect([await view('a', 'de a'), await view('b', 'de b'), await view('', 'sin espacio')]).toEqual([
      ['de a'],
      ['de b'],
      ['sin espacio'],
    ]);
    expect((await reset('?namespace=a')).status).toBe(200);
    expect([await view('a'), await view('b'), await view('')]).toEqual([[], ['de b'], ['sin espacio']]);
    // The default namespace's reset clears the default rows.
    expect((await reset('')).status).toBe(200);
    expect([await view(''), await view('b')]).toEqual([[], ['de b']]);
  });
});
