/**
 * The embedded store's thread (node:worker_threads; embedded-client.ts starts it). PGlite, PostgreSQL compiled to
 * WASM, runs every query synchronously on the thread that calls it: here, so a heavy query, the template's loading
 * or the database's creation never hold the gateway's event loop. It opens the database, answers each
 * query compiled by Kysely on the gateway's thread, and closes it when asked.
 */
import { readlinkSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { isMemoryDataDir, templateFor } from './embedded-template.js';
import {
  serializeError,
  type EmbeddedReply,
  type EmbeddedRequest,
  type EmbeddedStart,
} from './embedded-protocol.js';

const port = parentPort;
if (!port) throw new Error('embedded-worker.js runs as a worker thread (embedded-client.ts)');
const start = workerData as EmbeddedStart;
const reply = (message: EmbeddedReply) => port.postMessage(message);

/**
 * Linux: this thread yields the CPU to the gateway's (nice + 5, this thread only: Linux's priority is per thread).
 * The gateway is often pinned to one CPU (the bench, a container limited to one); there a store query, off the
 * event loop, would still take the CPU time slices its requests need. Elsewhere, or if not allowed, nothing changes.
 * Threads inherit the priority of the thread that creates them: libuv's pool (shared by the whole process) is made
 * to exist first, by one call that uses it, so that it is not created from here at the lower priority.
 */
async function yieldToTheGateway(): Promise<void> {
  try {
    await stat(process.cwd());
    const tid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, Math.min(19, getPriority(tid) + 5));
  } catch {
    // not Linux, or not allowed
  }
}
await yieldToTheGateway();

async function open(embeddedTemplate: string | false): Promise<{ pglite: PGlite; fromTemplate: boolean }> {
  const template = await templateFor(start.dataDir, embeddedTemplate);
  const pglite = new PGlite(start.dataDir, template ? { loadDataDir: template } : {});
  try {
    await pglite.waitReady;
  } catch (error) {
    await pglite.close().catch(() => undefined);
    // A template this PGlite could not load: an in-memory store is created the slow way instead.
    if (template && isMemoryDataDir(start.dataDir)) return open(false);
    throw error;
  }
  return { pglite, fromTemplate: template !== undefined };
}

try {
  const { pglite, fromTemplate } = await open(start.embeddedTemplate);
  port.on('message', (request: EmbeddedRequest) => {
    if ('close' in request) {
      pglite.close().then(
        () => {
          reply({ id: request.id });
          port.close();
        },
        (error: unknown) => reply({ id: request.id, error: serializeError(error) }),
      );
      return;
    }
    // PGlite runs one query at a time, in arrival order (its own queue).
    pglite.query(request.sql, request.parameters).then(
      (result) => reply({ id: request.id, rows: result.rows, affectedRows: result.affectedRows ?? 0 }),
      (error: unknown) => reply({ id: request.id, error: serializeError(error) }),
    );
  });
  reply({ id: 0, fromTemplate });
} catch (error) {
  reply({ id: 0, error: serializeError(error) });
  port.close();
}
