/**
 * Opening the store: a real PostgreSQL server when a URL is given (`DATABASE_URL`), otherwise an embedded
 * PostgreSQL (PGlite: the same SQL and migrations) in a data folder, or in memory for tests. Migrations run here,
 * before the store is handed out.
 */
import { Kysely, Migrator, PostgresDialect, sql, type Dialect, type PostgresPool } from 'kysely';
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
  /**
   * The longest a store call waits on a real server (default 4 s): for a connection, for a statement's answer on
   * the client (a server that stopped answering, a black-holed connection) and on the server (statement_timeout).
   * Past it the call fails and its connection is dropped, so an operator never waits on a hung store.
   */
  callTimeoutMs?: number;
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
    const callTimeoutMs = options.callTimeoutMs ?? 4_000;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 5,
      connectionTimeoutMillis: callTimeoutMs,
      query_timeout: callTimeoutMs,
      statement_timeout: callTimeoutMs,
      // A connection whose peer vanished without a word is found by TCP keepalive instead of waiting for ever.
      keepAlive: true,
      keepAliveInitialDelayMillis: 1_000,
    });
    // An idle connection dropped by the server must not stop the process.
    pool.on('error', (error) => options.onError?.(error));
    return {
      dialect: new PostgresDialect({ pool: droppingFailedConnections(pool, options.onError) }),
      kind: 'postgres',
      fromTemplate: false,
    };
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

/**
 * The pool as Kysely uses it, but a connection whose statement failed on the client's side (its answer timed out,
 * the connection broke) is dropped when released: pg leaves such a statement running on the connection, and the
 * next call given that connection would wait behind it. A statement the server refused keeps its connection.
 * A connection the server ends while it is checked out (the server stopping, an administrator) makes pg emit
 * 'error' on it between statements, which the pool listens to only on idle connections: unheard, that event ended
 * the process (a replica died when PostgreSQL stopped under load: the fault drill). It is heard here, reported
 * like the pool's own (`onError`), and the connection dropped when released.
 */
function droppingFailedConnections(pool: pg.Pool, onError?: (error: unknown) => void): PostgresPool {
  const connect = async () => {
    const client = await pool.connect();
    let broken = false;
    const ended = (error: Error) => {
      broken = true;
      onError?.(error);
    };
    client.on('error', ended);
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    return Object.assign(Object.create(client) as pg.PoolClient, {
      query: async (...args: unknown[]) => {
        try {
          return await query(...args);
        } catch (error) {
          // A server's refusal carries its SQLSTATE; a client-side failure (timeout, broken socket) does not. A
          // refusal that ends the connection (class 08, or 57P: the server shutting down) leaves nothing to keep.
          const code = (error as { code?: unknown }).code;
          if (typeof code !== 'string' || !SQLSTATE.test(code) || ENDS_CONNECTION.test(code)) broken = true;
          throw error;
        }
      },
      release: () => {
        // A dropped connection keeps its listener: pg may still report its end after the pool let it go.
        if (!broken) client.off('error', ended);
        client.release(broken || undefined);
      },
    });
  };
  return { connect, end: () => pool.end() };
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const ENDS_CONNECTION = /^(08|57P)/;

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
