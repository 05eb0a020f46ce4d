/**
 * Opening the store: a real PostgreSQL server when a URL is given (`DATABASE_URL`), otherwise an embedded
 * PostgreSQL (PGlite: the same SQL and migrations) in a data folder, or in memory for tests. Migrations run here,
 * before the store is handed out.
 */
import { Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { EmbeddedClient, EmbeddedDialect } from './embedded-client.js';
import { defaultTemplateFile, isMemoryDataDir } from './embedded-template.js';
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
  /**
   * Called once when the embedded store's thread ends without being closed (a crash): every call rejects from
   * then on; the caller opens the store again.
   */
  onUnavailable?(error: Error): void;
  /**
   * The embedded data folder's lock (data-dir-lock.ts), already taken by the caller, which keeps it past this
   * store. Without it the store takes the folder's lock itself and lets it go when it ends.
   */
  dataDirLock?: DataDirLock;
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
  // PGlite runs in a thread of its own (embedded-client.ts), one process per data folder (data-dir-lock.ts).
  const dataDir = options.dataDir ?? 'memory://';
  const lock = isMemoryDataDir(dataDir) || options.dataDirLock ? null : lockDataDir(dataDir);
  try {
    const { client, fromTemplate } = await EmbeddedClient.start(
      { dataDir, embeddedTemplate: options.embeddedTemplate ?? defaultTemplateFile() },
      options.onUnavailable,
    );
    if (lock) void client.exited.then(() => lock.release());
    return { dialect: new EmbeddedDialect(client), kind: 'embedded', fromTemplate };
  } catch (error) {
    lock?.release();
    throw error;
  }
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
