// What a test file of this suite uses to talk to the shared stack (stack.setup.mjs) within its own namespace: every
// call to the gateway and to the stubs' admin API carries `x-test-namespace`, so files running in parallel do not
// see each other's data, faults, forced failures or requests (docs/testing-integration.md §4).
import assert from 'node:assert/strict';

/** { gateway, graphql, stubs, keycloak, lockouts, profile } — the URLs `npm run stack:test` prints. */
export const stack = JSON.parse(process.env.BACKOFFICE_TEST_STACK ?? 'null');
assert.ok(stack, 'Sin BACKOFFICE_TEST_STACK: ejecute la suite con npm test (usa stack.setup.mjs).');

/** A client of the stack in namespace `namespace` (letters, digits, `.`, `_`, `:`, `-`; up to 64). */
export function inNamespace(namespace) {
  const scoped = { 'x-test-namespace': namespace };

  /** An access token the Keycloak way: the test client's password grant (demo users: password = username). */
  async function tokenFor(username) {
    const response = await fetch(`${stack.keycloak}/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'back-office-tests',
        username,
        password: username,
      }),
    });
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()).access_token;
  }

  /** A GraphQL request as `username` (with more `headers`, e.g. x-request-id): the whole answer, `{ data, errors }`. */
  async function graphql(username, query, variables = {}, headers = {}) {
    const response = await fetch(stack.graphql, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await tokenFor(username)}`,
        'content-type': 'application/json',
        ...scoped,
        ...headers,
      },
      body: JSON.stringify({ query, variables }),
    });
    return response.json();
  }

  /** The stubs' admin API (docs/upstream-contract.md), in this namespace: reset, requests, faults, failures. */
  async function stubsAdmin(method, path, body) {
    const response = await fetch(`${stack.stubs}/__admin/${path}`, {
      method,
      headers: { ...scoped, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    assert.ok(response.ok, `${method} /__admin/${path}: ${response.status}`);
    return response.status === 204 ? null : response.json();
  }

  return { namespace, tokenFor, graphql, stubsAdmin };
}
