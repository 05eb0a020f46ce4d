/**
 * Opening the store: a real PostgreSQL server when a URL is given (`DATABASE_URL`), otherwise an embedded
 * PostgreSQL (PGlite: the same SQL and migrations) in a data folder, or in memory for tests. Migrations run here,
 * before the store is handed out.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { defaultTemplateFile, isMemoryDataDir, templateFor } from './embedded-template.js';
import { migrationProvider } from './migrations.js';
import type { Database } from './schema.js';

export interface StoreOptions {
  /** postgres://… of a PostgreSQL 15+ server; when absent the embedded store is used. */
  databaseUrl?: string;
  /** The embedded store's data folder; 'memory://' (default) keeps it in memory. */
  dataDir?: string;
  /**
   * The database a new embedded store starts from (embedded-template.ts): the build's file by default, another
   * file, or false to let PGlite create it (slow: seconds of CPU).
   */
  embeddedTemplate?: string | false;
  /** Most connections to a real server (default 5). */
  maxConnections?: number;
  /** Called when the connection pool reports an error (a server gone away): never thrown. */
  onError?(error: unknown): void;
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  kind: 'postgres' | 'embedded';
  /** A new embedded store loaded from the template rather than created by PGlite. */
  fromTemplate: boolean;
}

async function dialectOf(options: StoreOptions): Promise<{
  dialect: Dialect;
  kind: OpenedDatabase['kind'];
  fromTemplate: boolean;
}> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 5,
      connectionTimeoutMillis: 5_000,
    });
    // An idle connection dropped by the server must not stop the process.
    pool.on('error', (error) => options.onError?.(error));
    return { dialect: new PostgresDialect({ pool }), kind: 'postgres', fromTemplate: false };
  }
  const dataDir = options.dataDir ?? 'memory://';
  const template = await templateFor(dataDir, options.embeddedTemplate ?? defaultTemplateFile());
  if (!isMemoryDataDir(dataDir)) mkdirSync(dataDir, { recursive: true });
  const pglite = new PGlite(dataDir, template ? { loadDataDir: template } : {});
  return { dialect: new PGliteDialect(pglite), kind: 'embedded', fromTemplate: template !== undefined };
}

/** Runs every pending migration (once across replicas: the Migrator holds an advisory lock). */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function openDatabase(options: StoreOptions = {}): Promise<OpenedDatabase> {
  const { dialect, kind, fromTemplate } = await dialectOf(options);
  const db = new Kysely<Database>({ dialect });
  try {
    if (kind === 'postgres') {
      const { rows } = await sql<{
        version: number;
      }>`select current_setting('server_version_num')::int as version`.execute(db);
      const version = Number(rows[0]?.version ?? 0);
      if (version < 150000)
        throw new Error(`PostgreSQL 15 or later is required (server_version_num ${version})`);
    }
    await migrate(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    // A template this PGlite could not load: an in-memory store is created the slow way instead.
    if (fromTemplate && isMemoryDataDir(options.dataDir))
      return openDatabase({ ...options, embeddedTemplate: false });
    throw error;
  }
  return { db, kind, fromTemplate };
}
