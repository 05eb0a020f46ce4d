// Two majors at once: the previous major's clients keep their contract at its own path (/graphql/v1, its SDL),
// answered by the same resolvers, while /graphql answers the current one; each in its own shape.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PREVIOUS_MAJORS } from '@backoffice/schema';
import { gql } from '../../__tests__/http-helpers.js';
import type { RunningGateway } from '../../index.js';
import { startStoreGateway, STORES, type StoreGateway } from '../../__tests__/store-backends.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asked for
type Data = Record<string, any>;

let stubs: StoreGateway['stubs'];
let gateway: RunningGateway;
let tokenFor: StoreGateway['tokenFor'];
const lines: string[] = [];

beforeAll(async () => {
  ({ stubs, gateway, tokenFor } = await startStoreGateway(STORES[0]!, {}, lines));
});
afterAll(async () => {
  await gateway?.close();
});
beforeEach(() => stubs.reset());

const [v1] = PREVIOUS_MAJORS;
const urlOf = (path: string) => new URL(path, gateway.graphqlUrl).toString();
const ask = async (path: string, query: string, variables: Record<string, unknown> = {}) =>
  gql<Data>(urlOf(path), query, { token: await tokenFor('admin'), variables });

describe('the previous major at its own path', () => {
  it('is served with its own schema: its fields, not the current ones', async () => {
    expect(v1?.path).toBe('/graphql/v1');
    const current = 'query { activity(pageSize: 1) { rows { id code } } }';
    const old = await ask('/graphql/v1', current);
    expect(old.status).toBe(400);
    expect(old.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await ask('/graphql', current)).body.errors).toBeUndefined();
    // Its limits and cost as the current path's.
    const listed = await ask('/graphql/v1', '{ payments(pageSize: 2) { rows { id } } }');
    expect(listed.body.data?.payments.rows).toHaveLength(2);
    const { extensions } = listed.body as { extensions?: { cost?: unknown } };
    expect(extensions?.cost).toMatchObject({
      requested: Math.ceil(2 + 1.5 * 2 * 3.5),
      upstreamCalls: { requested: 1 },
    });
  });

  it('runs a 1.0.0 document that sends no key (`$key: String`, or a mutation that had none)', async () => {
    const refresh = 'mutation($id: ID!) { refreshPayment(id: $id) { outcome error { code message } } }';
    const old = await ask('/graphql/v1', refresh, { id: '1000001' });
    expect(old.body.errors).toBeUndefined();
    expect(old.body.data?.refreshPayment.outcome).toBe('SUCCESS');
    // The current contract requires the key.
    const now = await ask('/graphql', refresh, { id: '1000001' });
    expect(now.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // Each call without a key is its own write: two refreshes, two sent.
    await ask('/graphql/v1', refresh, { id: '1000001' });
    const sent = (await (
      await fetch(`${stubs.url}/__admin/requests/count?service=payment&method=POST`)
    ).json()) as { count: number };
    expect(sent.count).toBe(2);
  });

  it('answers a service’s refusal with the code as it was decided (a String), the current path with the enum', async () => {
    const cancel =
      'mutation($key: String!) { cancelPayment(id: "1000005", reason: "Pedido del pagador", idempotencyKey: $key) { outcome error { code message } } }';
    const failure = {
      service: 'payment',
      operation: 'cancelar',
      ids: ['1000005'],
      status: 409,
      code: 'invalid_status',
      extended_code: 'payment_not_cancellable',
      times: 2,
    };
    const forced = await fetch(`${stubs.url}/__admin/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(failure),
    });
    expect(forced.ok).toBe(true);
    const old = await ask('/graphql/v1', cancel, { key: 'majors-test-v1-cancel' });
    expect(old.body.data?.cancelPayment).toMatchObject({
      outcome: 'FAILED',
      error: { code: 'invalid_status' },
    });
    const now = await ask('/graphql', cancel, { key: 'majors-test-v2-cancel' });
    expect(now.body.data?.cancelPayment).toMatchObject({
      outcome: 'FAILED',
      error: { code: 'INVALID_STATE' },
    });
  });

  it('answers setPreference with the bare Preference, and an invalid argument in errors[]', async () => {
    const set = 'mutation($key: String!) { setPreference(key: $key, value: {a: 1}) { key value } }';
    const old = await ask('/graphql/v1', set, { key: 'majors.test' });
    expect(old.body.errors).toBeUndefined();
    expect(old.body.data?.setPreference).toEqual({ key: 'majors.test', value: { a: 1 } });
    const refused = await ask('/graphql/v1', set, { key: 'no vale!' });
    expect(refused.body.data?.setPreference).toBeNull();
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'key' });
    // The current contract: its payload, the refusal in it.
    const payload =
      'mutation($key: String!) { setPreference(key: $key, value: {a: 1}) { outcome error { code field } preference { key } } }';
    const now = await ask('/graphql', payload, { key: 'no vale!' });
    expect(now.body.errors).toBeUndefined();
    expect(now.body.data?.setPreference).toMatchObject({
      outcome: 'FAILED',
      error: { code: 'INVALID_INPUT', field: ['key'] },
      preference: null,
    });
  });

  it('keeps @auth: a permission the operator lacks is FORBIDDEN there too', async () => {
    const refresh = 'mutation { refreshPayment(id: "1000001") { outcome } }';
    const answer = await gql<Data>(urlOf('/graphql/v1'), refresh, { token: await tokenFor('consulta') });
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const sent = (await (
      await fetch(`${stubs.url}/__admin/requests/count?service=payment&method=POST`)
    ).json()) as { count: number };
    expect(sent.count).toBe(0);
  });
});
