import type { RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readStoredPreferences } from '../src/index.js';
import { BACKENDS, storesPerTest } from './backends.js';

/** Numbers JSON.parse would not give back as written (1e400 is Infinity to it, 0.1e1 is 1), and text. */
const WRITTEN = '{"n":[5e-324,1e400,0.1e1,-0],"t":"ñandú 😀 \\u00e9 \\"x\\""}';

for (const backend of BACKENDS) {
  describe(`a preference's stored text on ${backend.name}`, () => {
    const { open } = storesPerTest(backend);

    it('reads each value as the JSON text written, unparsed, numbers and characters as they were', async () => {
      const store = await open();
      await store.db
        .insertInto('preference')
        .values({
          namespace: '',
          username: 'operador',
          key: 'a.numeros',
          value: WRITTEN,
          bytes: Buffer.byteLength(WRITTEN),
          updated_at: new Date(),
        })
        .execute();
      await store.writePreference('operador', 'b.texto', ['ñ', 5e-324]);
      const read = await store.readStoredPreferences('operador');
      expect(read.map((p) => [p.key, p.json])).toEqual([
        ['a.numeros', WRITTEN],
        ['b.texto', '["ñ",5e-324]'],
      ]);
      // The parsed form reads the same rows.
      expect((await store.readPreferences('operador', 'b.')).map((p) => p.value)).toEqual([['ñ', 5e-324]]);
    });

    it('reads no value at all when asked for keys only', async () => {
      const store = await open();
      await store.writePreference('operador', 'list.payments.columns', { fee: false });
      await store.writePreference('operador', 'list.payments.views', []);
      const queries: RootOperationNode[] = [];
      const watched = store.db.withPlugin({
        transformQuery: ({ node }) => (queries.push(node), node),
        transformResult: async ({ result }) => result,
      });
      const keys = await readStoredPreferences(watched, 'operador', { prefix: 'list.', values: false });
      expect(keys.map((p) => [p.key, p.json])).toEqual([
        ['list.payments.columns', null],
        ['list.payments.views', null],
      ]);
      // The column named in the query's tree, as an identifier or in SQL text.
      const namesValue = (node: RootOperationNode | undefined) =>
        /"name":"value"|\bvalue\b[^"]*"\]/.test(JSON.stringify(node));
      expect(queries).toHaveLength(1);
      expect(namesValue(queries[0])).toBe(false);
      // The same read with values names the column: the check above would see it.
      await readStoredPreferences(watched, 'operador', { prefix: 'list.' });
      expect(namesValue(queries[1])).toBe(true);
    });
  });
}
