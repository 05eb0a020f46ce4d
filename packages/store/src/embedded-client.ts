/**
 * The gateway's side of the embedded store's thread (embedded-worker.ts): a Kysely dialect whose queries, compiled
 * here, run in PGlite on that thread. Everything above it (Kysely, the migrations, activity.ts, preferences.ts) is
 * the same as on a PostgreSQL server; only the event loop that runs PGlite changes.
 *
 * The thread is started from the build (dist/embedded-worker.js, also when this module runs from src/ under the
 * tests: `npm run build -w @backoffice/store` first), does not keep the process alive while no call waits for it,
 * and ends with `close()`. A thread that ends otherwise (a crash, out of memory) rejects every call, pending and
 * later, and is reported once to `onUnavailable`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import {
  reviveError,
  type EmbeddedReply,
  type EmbeddedRequest,
  type EmbeddedStart,
} from './embedded-protocol.js';

const WORKER_FILE = fileURLToPath(new URL('../dist/embedded-worker.js', import.meta.url));

type Answer = Extract<EmbeddedReply, { rows?: unknown[] }>;
type Distribute<T> = T extends unknown ? Omit<T, 'id'> : never;

export class EmbeddedClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();
  #next = 1;
  /** Why calls fail from now on: the thread ended (closed or died). */
  #ended: Error | null = null;
  #closing: Promise<void> | null = null;
  #failure: Error | null = null;
  #started = false;
  /** Settles when the thread has ended, whatever the reason. */
  readonly exited: Promise<void>;

  private constructor(start: EmbeddedStart, onUnavailable: (error: Error) => void, file: string) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: build the store first (npm run build -w @backoffice/store)`);
    // No flags of the process (a loader, --input-type…): the thread runs one module of this package.
    this.#worker = new Worker(file, { workerData: start, execArgv: [] });
    // Only a pending call keeps the process alive (#call refs the thread, #settle unrefs it).
    this.#worker.unref();
    this.#worker.on('message', (reply: EmbeddedReply) => {
      if ('error' in reply) this.#settle(reply.id, null, reviveError(reply.error));
      else this.#settle(reply.id, reply, null);
    });
    this.#worker.on('error', (error) => (this.#failure = error));
    this.exited = new Promise((resolve) =>
      this.#worker.once('exit', (code) => {
        const died = !this.#closing;
        this.#ended = died
          ? new Error(
              `the embedded store's thread ended (exit code ${code})${this.#failure ? `: ${this.#failure.message}` : ''}`,
            )
          : new Error('the embedded store is closed');
        for (const id of [...this.#pending.keys()]) this.#settle(id, null, this.#ended);
        if (died && this.#started) onUnavailable(this.#ended);
        resolve();
      }),
    );
  }

  /**
   * Starts the thread and opens the database there; rejects (the thread ended) when it cannot. `file`: the thread's
   * script (the tests give one that fails).
   */
  static async start(
    start: EmbeddedStart,
    onUnavailable: (error: Error) => void = () => undefined,
    file: string = WORKER_FILE,
  ): Promise<{ client: EmbeddedClient; fromTemplate: boolean }> {
    const client = new EmbeddedClient(start, onUnavailable, file);
    try {
      const opened = await client.#wait(0);
      client.#started = true;
      return { client, fromTemplate: opened.fromTemplate === true };
    } catch (error) {
      await client.#worker.terminate();
      throw error;
    }
  }

  #wait(id: number): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      if (this.#ended) return reject(this.#ended);
      this.#pending.set(id, { resolve, reject });
      if (this.#pending.size === 1) this.#worker.ref();
    });
  }

  #settle(id: number, answer: Answer | null, error: Error | null) {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (error) pending.reject(error);
    else pending.resolve(answer!);
  }

  #call(request: Distribute<EmbeddedRequest>): Promise<Answer> {
    const id = this.#next++;
    const answer = this.#wait(id);
    try {
      if (!this.#ended) this.#worker.postMessage({ ...request, id } as EmbeddedRequest);
    } catch (error) {
      // A parameter that cannot be cloned: this call fails, the thread goes on.
      this.#settle(id, null, error instanceof Error ? error : new Error(String(error)));
    }
    return answer;
  }

  async query<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    if (this.#closing) throw new Error('the embedded store is closed');
    const { rows = [], affectedRows } = await this.#call({
      sql: compiled.sql,
      parameters: [...compiled.parameters],
    });
    // As kysely-pglite-dialect answers: the affected rows of an insert, update or delete.
    return {
      rows: rows as R[],
      ...(affectedRows ? { numAffectedRows: BigInt(affectedRows) } : {}),
    };
  }

  /** Closes the database (its last writes reach the data folder) and ends the thread. */
  close(): Promise<void> {
    return (this.#closing ??= (async () => {
      await this.#call({ close: true }).catch(() => undefined);
      await this.#worker.terminate();
      await this.exited;
    })());
  }
}

class EmbeddedConnection implements DatabaseConnection {
  constructor(private readonly client: EmbeddedClient) {}
  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.client.query<R>(compiled);
  }
  // eslint-disable-next-line require-yield -- the interface's generator; nothing here streams
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the embedded store does not stream results');
  }
}

/**
 * One connection, as PGlite has one session: a transaction's queries must not interleave with others', so the
 * connection is lent to one caller at a time (kysely-pglite-dialect's driver does the same).
 */
class EmbeddedDriver implements Driver {
  readonly #connection: EmbeddedConnection;
  #busy = false;
  readonly #waiting: Array<() => void> = [];

  constructor(private readonly client: EmbeddedClient) {
    this.#connection = new EmbeddedConnection(client);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy = true;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(
      CompiledQuery.raw(
        settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin',
      ),
    );
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }
}

/** PostgreSQL's dialect over the store's thread (`db.destroy()` closes the database and ends the thread). */
export class EmbeddedDialect implements Dialect {
  constructor(private readonly client: EmbeddedClient) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new EmbeddedDriver(this.client);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Dialect's own signature
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
