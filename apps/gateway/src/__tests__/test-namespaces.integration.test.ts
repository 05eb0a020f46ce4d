import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../index.js';
import { gql } from './http-helpers.js';
import type { SharedStubs } from './shared-stack.js';
import { startStoreGateway, STORES } from './store-backends.js';

/**
 * Test namespaces in the gateway: only the test profile (`testNamespaces`, TEST_NAMESPACES)
 * forwards `x-test-namespace` to the services, and then the gateway's own store is split the same way: a request's
 * preferences, activity and money moves are its namespace's only, and `POST /__admin/reset-store` clears one
 * namespace's rows. Without the profile the header changes nothing and that path does not exist.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asked for
type Data = Record<string, any>;

const SET = `mutation($k: String!, $v: JSON) { setPreference(key: $k, value: $v) { outcome error { code message field } preference { key } } }`;
const GET = `{ preferences { key value } }`;
const CANCEL = /* GraphQL */ `
  mutation Cancel($id: ID!, $key: String!) {
    cancelPayment(id: $id, reason: "Pedido del pagador", idempotencyKey: $key) {
      outcome
      error {
        code
      }
    }
  }
`;
const ACTIVITY = `query($id: String) { activity(filter: { recordId: $id }, page: 1, pageSize: 10) { rows { user operation requestId } } }`;

const BY_USER = `query($user: String) { activity(filter: { user: $user }, page: 1, pageSize: 10) { rows { result } } }`;

for (const backend of STORES) {
  describe(`test namespaces on the ${backend.name} store`, () => {
    let stubs: SharedStubs;
    let profiled: RunningGateway;
    let plain: RunningGateway;
    let tokenFor: (username: string) => Promise<string>;

    beforeAll(async () => {
      ({
        stubs,
        gateway: profiled,
        tokenFor,
      } = await startStoreGateway(backend, { testNamespaces: true }, []));
      ({ gateway: plain } = await startStoreGateway(backend, {}, []));
    });
    afterAll(async () => {
      await profiled?.close();
      await plain?.close();
    });

    const as = async (
      gateway: RunningGateway,
      user: string,
      query: string,
      variables: Record<string, unknown>,
      namespace?: string,
    ) =>
      gql<Data>(gateway.graphqlUrl, query, {
        token: await tokenFor(user),
        variables,
        headers: namespace ? { 'x-test-namespace': namespace } : {},
      });
    const stubsAdmin = (path: string, namespace: string, method = 'GET') =>
      fetch(`${stubs.url}/__admin/${path}`, { method, headers: { 'x-test-namespace': namespace } });
    const resetStore = (gateway: RunningGateway, query: string) =>
      fetch(`${new URL(gateway.graphqlUrl).origin}/__admin/reset-store${query}`, { method: 'POST' });
    const preferencesOf = async (namespace?: string) =>
      (await as(profiled, 'operador', GET, {}, namespace)).body.data!.preferences as Data[];

    it("keeps a namespace's preferences, activity and money-move keys its own; its reset clears them", async () => {
      const [a, b] = [`${backend.name}-tienda-a`, `${backend.name}-tienda-b`];
      for (const namespace of [a, b]) expect((await stubsAdmin('reset', namespace, 'POST')).status).toBe(200);
      // The same operator and key in two namespaces and in none: three preferences.
      for (const [namespace, v] of [
        [a, 'a'],
        [b, 'b'],
        [undefined, 'normal'],
      ] as const) {
        const set = await as(profiled, 'operador', SET, { k: 'list.ns.vista', v }, namespace);
        expect(set.body.errors).toBeUndefined();
      }
      expect((await preferencesOf(a)).filter((p) => p.key === 'list.ns.vista')).toEqual([
        { key: 'list.ns.vista', value: 'a' },
      ]);
      expect((await preferencesOf(b)).filter((p) => p.key === 'list.ns.vista')).toEqual([
        { key: 'list.ns.vista', value: 'b' },
      ]);
      expect((await preferencesOf()).filter((p) => p.key === 'list.ns.vista')).toEqual([
        { key: 'list.ns.vista', value: 'normal' },
      ]);

      // A cancel under one key in A: sent once there; the same key in B is B's own move (sent there too), and
      // again in A it is answered from A's record, nothing sent.
      const key = `${backend.name}-ns-clave-1`;
      const cancels = async (namespace: string) =>
        ((await (await stubsAdmin('requests?method=POST&service=payment', namespace)).json()) as unknown[])
          .length;
      for (const namespace of [a, b, a]) {
        const cancel = await as(profiled, 'operador', CANCEL, { id: '1000005', key }, namespace);
        expect(cancel.body.data?.cancelPayment).toEqual({ outcome: 'SUCCESS', error: null });
      }
      expect([await cancels(a), await cancels(b)]).toEqual([1, 1]);
      const activity = async (namespace?: string) =>
        (
          (await as(profiled, 'admin', ACTIVITY, { id: '1000005' }, namespace)).body.data!.activity
            .rows as Data[]
        ).map((row) => row.operation);
      expect([await activity(a), await activity(b), await activity()]).toEqual([
        ['cancelPayment'],
        ['cancelPayment'],
        [],
      ]);
      // A refusal (written by the activity writer, not as a move) is its namespace's too.
      const refused = await as(profiled, 'consulta', CANCEL, { id: '1000005', key: `${key}-c` }, a);
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      await profiled.activity!.flush();
      const refusals = async (namespace?: string) =>
        (
          (await as(profiled, 'admin', BY_USER, { user: 'consulta' }, namespace)).body.data!.activity
            .rows as Data[]
        ).map((row) => row.result);
      expect([await refusals(a), await refusals(b), await refusals()]).toEqual([['DENIED'], [], []]);

      // The reset of A: A's rows gone (its key free again), B's and the normal ones kept.
      const reset = await resetStore(profiled, `?namespace=${a}`);
      expect(reset.status).toBe(200);
      expect(await reset.json()).toEqual({ status: 'ok', namespace: a, activity: 2, preferences: 1 });
      expect(await preferencesOf(a)).toEqual([]);
      expect([await activity(a), await activity(b)]).toEqual([[], ['cancelPayment']]);
      expect((await preferencesOf(b)).map((p) => p.value)).toContain('b');
      expect((await preferencesOf()).map((p) => p.value)).toContain('normal');
      // A name that is not one is refused; the header names the namespace too.
      expect((await resetStore(profiled, '?namespace=con%20espacio')).status).toBe(400);
      const byHeader = await fetch(`${new URL(profiled.graphqlUrl).origin}/__admin/reset-store`, {
        method: 'POST',
        headers: { 'x-test-namespace': b },
      });
      expect(await byHeader.json()).toEqual({ status: 'ok', namespace: b, activity: 1, preferences: 1 });
    });

    it('without the test profile the header changes nothing: not forwarded, the normal rows, no reset path', async () => {
      const namespace = `${backend.name}-sin-perfil`;
      const set = await as(plain, 'admin', SET, { k: 'list.ns.sin', v: 1 }, namespace);
      expect(set.body.errors).toBeUndefined();
      // Written in the normal rows: read there without the header.
      const normal = await as(plain, 'admin', GET, {});
      expect(normal.body.data!.preferences).toContainEqual({ key: 'list.ns.sin', value: 1 });
      // The services get no x-test-namespace: the call is in the stubs' default log, without the header.
      const requestId = `${backend.name}-sin-perfil-1`;
      await gql(plain.graphqlUrl, '{ payments(pageSize: 1) { total } }', {
        token: await tokenFor('admin'),
        headers: { 'x-test-namespace': namespace, 'x-request-id': requestId },
      });
      const logged = (await (
        await fetch(`${stubs.url}/__admin/requests?requestId=${requestId}`)
      ).json()) as Array<{ headers: Record<string, string> }>;
      expect(logged.length).toBeGreaterThan(0);
      for (const request of logged) expect(request.headers['x-test-namespace']).toBeUndefined();
      expect((await resetStore(plain, `?namespace=${namespace}`)).status).toBe(404);
    });
  });
}
