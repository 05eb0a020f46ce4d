import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { writeEmbeddedTemplate } from '../src/embedded-template.js';
import { openStore, type Database, type Store } from '../src/index.js';
import { migrationProvider } from '../src/migrations.js';
import { BACKENDS } from './backends.js';

/**
 * A store written before migrations 0006 and 0007 (0006: preferences as the JSON text written; 0007: test
 * namespaces) opens with its rows kept: in the normal namespace, a preference's bytes counted again from what it
 * now stores, a move's key still found.
 */
async function writtenBefore(db: Kysely<Database>): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider: migrationProvider }).migrateTo(
    '0005_activity_moves',
  );
  if (error) throw error instanceof Error ? error : new Error(String(error));
  await sql`insert into preference (username, key, value, bytes, updated_at)
    values ('operador', 'list.numeros', '[5e-324, 1]'::jsonb, 13, now())`.execute(db);
  await sql`insert into activity (at, username, operation, result, request_id, state, idempotency_key, request_hash)
    values (now(), 'operador', 'cancelPayment', 'success', 'req-antes', 'done', 'clave-antes', 'h')`.execute(
    db,
  );
  return (results ?? []).map((result) => result.migrationName);
}

for (const backend of BACKENDS) {
  describe(`migrations 0006 and 0007 on ${backend.name}`, () => {
    // Undone after the file, last first: the store, then its database or folder.
    const undo: Array<() => Promise<unknown>> = [];
    afterAll(() => undo.reduceRight((done, step) => done.then(step), Promise.resolve<unknown>(undefined)));

    /** A store whose database had the rows above before the newer migrations ran at its opening. */
    const openedAfter = async (): Promise<Store> => {
      const { databaseUrl, drop } = await backend.fresh();
      undo.push(drop);
      let template: string | undefined;
      if (databaseUrl) {
        // An older gateway's database: migrated to 0005, with its rows.
        const db = new Kysely<Database>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl }) }),
        });
        await writtenBefore(db);
        await db.destroy();
      } else {
        // The embedded store: a template at 0005 with the rows, loaded by a new in-memory store.
        const folder = mkdtempSync(join(tmpdir(), 'store-migrations-'));
        undo.push(async () => rmSync(folder, { recursive: true, force: true }));
        template = join(folder, 'antes.tar.gz');
        expect(await writeEmbeddedTemplate(writtenBefore, template)).toContain('0005_activity_moves');
      }
      const store = await openStore(databaseUrl ? { databaseUrl } : { embeddedTemplate: template });
      undo.push(() => store.close());
      return store;
    };

    it('keeps the rows written before: normal namespace, bytes of the text stored, the key still found', async () => {
      const store = await openedAfter();
      const { rows } = await sql<{ namespace: string; stored: string; bytes: number }>`
        select namespace, value::text as stored, bytes from preference`.execute(store.db);
      expect(rows).toHaveLength(1);
      const [row] = rows;
      // What jsonb gave back is what is kept now, and what the bound counts.
      expect(row!.namespace).toBe('');
      expect(Number(row!.bytes)).toBe(Buffer.byteLength(row!.stored));
      expect((await store.readPreferences('operador')).map((p) => p.value)).toEqual([[5e-324, 1]]);
      expect(await store.findMove('operador', 'clave-antes')).toMatchObject({ request_id: 'req-antes' });
      expect(await store.findMove('operador', 'clave-antes', 'suite-a')).toBeNull();
      // The key's index now has the namespace: the same key in another namespace is another move.
      const begun = await store.beginMove({
        at: new Date(),
        namespace: 'suite-a',
        username: 'operador',
        permission: null,
        area: null,
        operation: 'cancelPayment',
        operation_name: null,
        target_ids: [],
        result: 'pending',
        error_code: null,
        reason: null,
        items: null,
        request_id: 'req-a',
        trace_id: null,
        idempotency_key: 'clave-antes',
        request_hash: 'h',
        lease_until: new Date(),
        holder: 'gateway-a',
      });
      expect(begun.begun).toBe(true);
    });
  });
}
