import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultTemplateFile,
  pgliteVersion,
  templateFor,
  writeEmbeddedTemplate,
} from '../src/embedded-template.js';
import { MIGRATION_NAMES, migrate, openDatabase, openStore, type OpenedDatabase } from '../src/index.js';

describe('the embedded store’s template', () => {
  let folder: string;
  let template: string;
  const opened: OpenedDatabase[] = [];
  const open = async (options: Parameters<typeof openDatabase>[0]) => {
    const database = await openDatabase(options);
    opened.push(database);
    return database;
  };
  const migrationsIn = async ({ db }: OpenedDatabase) =>
    (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map(
      (row) => row.name,
    );

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'store-template-'));
    template = join(folder, 'template.tar.gz');
    expect(await writeEmbeddedTemplate(migrate, template)).toEqual([...MIGRATION_NAMES]);
  });
  afterAll(async () => {
    for (const database of opened) await database.db.destroy().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  });

  it('is named after the PGlite that writes it, in the build’s folder', () => {
    expect(pgliteVersion()).toMatch(/^\d+\.\d+\.\d+/);
    expect(defaultTemplateFile()).toMatch(
      new RegExp(
        `/packages/store/dist/embedded-template/pglite-${pgliteVersion().replace(/\./g, '\\.')}\\.tar\\.gz$`,
      ),
    );
  });

  it('starts a new in-memory store with every migration already applied', async () => {
    const database = await open({ embeddedTemplate: template });
    expect(database.fromTemplate).toBe(true);
    expect(await migrationsIn(database)).toEqual([...MIGRATION_NAMES].sort());
    expect(await migrate(database.db)).toEqual([]);
  });

  it('starts a new data folder from it; a folder with a store is opened as it is, its data kept', async () => {
    const dataDir = join(folder, 'data');
    const first = await openStore({ dataDir, embeddedTemplate: template });
    await first.writePreference('operador', 'pagos.columnas', { estado: false });
    await first.close();
    const again = await open({ dataDir, embeddedTemplate: template });
    expect(again.fromTemplate).toBe(false);
    const { rows } = await sql<{ key: string }>`select key from preference`.execute(again.db);
    expect(rows.map((row) => row.key)).toEqual(['pagos.columnas']);
  });

  it('is skipped when missing or damaged: PGlite then creates the store, and the process goes on', async () => {
    const cut = join(folder, 'cut.tar.gz');
    writeFileSync(cut, readFileSync(template).subarray(0, 100_000));
    // Each unusable template is refused before PGlite sees it (the whole one, for contrast, is taken)...
    for (const file of [cut, join(folder, 'pglite-0.0.0.tar.gz'), false as const]) {
      expect(await templateFor('memory://', file)).toBeUndefined();
    }
    expect(await templateFor('memory://', template)).toBeInstanceOf(Blob);
    // ...and a store opened with one is created by PGlite, every migration applied. Once, with the cut file:
    // each creation costs PGlite 4-7 CPU seconds, and the three refusals above take the same path from there.
    const database = await open({ embeddedTemplate: cut });
    expect(database.fromTemplate).toBe(false);
    expect(await migrationsIn(database)).toEqual([...MIGRATION_NAMES].sort());
  });
});
