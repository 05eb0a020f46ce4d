import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningGateway } from '../index.js';
import { gql } from './http-helpers.js';
import { startStoreGateway, STORES } from './store-backends.js';

/**
 * A preference's value is answered as the JSON text stored: spliced into the answer, never parsed on the
 * gateway's thread, so a client reads exactly what was written, numbers JSON.parse would change included; and a read
 * that does not ask for values reads none. Both executors: graphql-js's ('default'), and 'jit', where graphql-js runs
 * a document's first execution and graphql-jit the ones after (execution/jit-gateway.ts), so each read runs twice.
 */

/** 1e400 is Infinity to JSON.parse (and null once stringified again), 0.1e1 is 1, -0 is 0. */
const WRITTEN =
  '{"n":[5e-324,1e400,0.1e1,-0,12345678901234567890123],"t":"ñandú 😀 \\u00e9 \\"x\\" \\u2028"}';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asked for
type Data = Record<string, any>;

for (const backend of STORES) {
  for (const executor of ['jit', 'default'] as const) {
    describe(`preferences' values as stored, ${backend.name} store, ${executor} executor`, () => {
      let gateway: RunningGateway;
      let tokenFor: (username: string) => Promise<string>;

      beforeAll(async () => {
        ({ gateway, tokenFor } = await startStoreGateway(backend, { graphqlExecutor: executor }, []));
      });
      afterAll(async () => {
        await gateway?.close();
      });

      const store = () => gateway.store!.current()!;
      const as = async (user: string, query: string) =>
        gql<Data>(gateway.graphqlUrl, query, { token: await tokenFor(user) });
      /** A realm operator with no preferences (a real server's are shared by the run's gateways). */
      const freshOperator = async (user: string) => {
        await store().db.deleteFrom('preference').where('username', '=', user).execute();
        return user;
      };

      it('answers each value as the JSON text stored, exactly, and the same value a client wrote', async () => {
        const user = await freshOperator('operador');
        await store()
          .db.insertInto('preference')
          .values({
            namespace: '',
            username: user,
            key: 'a.numeros',
            value: WRITTEN,
            bytes: Buffer.byteLength(WRITTEN),
            updated_at: new Date(),
          })
          .execute();
        const written = { cols: ['ñ', 5e-324, 1.5], vista: { nombre: 'Rechazados 😀' } };
        await store().writePreference(user, 'b.vista', written);
        for (let run = 0; run < 2; run++) {
          const read = await as(user, '{ preferences { key value } }');
          expect(read.body.errors).toBeUndefined();
          expect(read.text).toContain(`{"key":"a.numeros","value":${WRITTEN}}`);
          expect(read.text).toContain(`{"key":"b.vista","value":${JSON.stringify(written)}}`);
          expect(read.body.data!.preferences[1]).toEqual({ key: 'b.vista', value: written });
        }
      });

      it('reads no value when the operation does not ask for it; through a fragment it does', async () => {
        const user = await freshOperator('supervisor');
        await store().writePreference(user, 'list.payments.columns', { fee: false });
        const read = vi.spyOn(store(), 'readStoredPreferences');
        try {
          for (let run = 0; run < 2; run++) {
            const keys = await as(user, '{ preferences(prefix: "list.") { key updatedAt } }');
            expect(keys.body.data!.preferences).toEqual([
              { key: 'list.payments.columns', updatedAt: expect.any(String) },
            ]);
          }
          expect(read.mock.calls.map(([, asked]) => asked?.values)).toEqual([false, false]);
          const fragment = await as(user, '{ preferences { ...P } } fragment P on Preference { key value }');
          expect(fragment.body.data!.preferences).toEqual([
            { key: 'list.payments.columns', value: { fee: false } },
          ]);
          expect(read.mock.calls[2]?.[1]?.values).toBe(true);
        } finally {
          read.mockRestore();
        }
      });

      it("runs an operator's store reads one at a time, without making another operator wait for them", async () => {
        const noisy = await freshOperator('operador');
        const quiet = await freshOperator('supervisor');
        const original = store().readStoredPreferences.bind(store());
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const read = vi.spyOn(store(), 'readStoredPreferences').mockImplementation(async (user, asked) => {
          if (user === noisy) await held;
          return original(user, asked);
        });
        try {
          const first = as(noisy, '{ preferences { key } }');
          const second = as(noisy, '{ preferences { key } }');
          await vi.waitFor(() => expect(read.mock.calls.map(([user]) => user)).toEqual([noisy]));
          const other = await as(quiet, '{ preferences { key } }');
          expect(other.body.errors).toBeUndefined();
          // The noisy operator's second read has not reached the store: it waits for his first.
          expect(read.mock.calls.map(([user]) => user)).toEqual([noisy, quiet]);
          release();
          for (const answer of await Promise.all([first, second])) expect(answer.body.errors).toBeUndefined();
          expect(read.mock.calls.map(([user]) => user)).toEqual([noisy, quiet, noisy]);
        } finally {
          release();
          read.mockRestore();
        }
      });
    });
  }
}
