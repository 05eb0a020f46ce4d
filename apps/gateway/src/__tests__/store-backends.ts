/**
 * The stores a gateway test runs on: the embedded one always, and a real PostgreSQL server too when
 * TEST_DATABASE_URL names one (.ci/run starts one on loopback). On the real server each test file has a database of
 * its own (files run side by side: one file's rows must never show in another's reads), dropped after the file.
 */
import { createScratchDatabase, testsEmbeddedStore, type ScratchDatabase } from '@backoffice/store';
import { afterAll, beforeAll } from 'vitest';
import type { GatewayConfig } from '../config.js';
import type { RunningGateway } from '../index.js';
import { createLogger } from '../logger.js';
import { freshTokens } from './http-helpers.js';
import { startLocalGateway } from './local-gateway.js';
import { sharedStack, type SharedEmulator, type SharedStubs } from './shared-stack.js';

export const REAL_URL = process.env.TEST_DATABASE_URL || '';

/** Whether this run covers the embedded store (`testsEmbeddedStore`: TEST_STORES=postgres leaves it out). */
export const EMBEDDED_TESTED = testsEmbeddedStore(REAL_URL);

export const STORES: Array<{ name: 'embedded' | 'postgres' }> = [
  ...(EMBEDDED_TESTED ? [{ name: 'embedded' as const }] : []),
  ...(REAL_URL ? [{ name: 'postgres' as const }] : []),
];

export interface StoreGateway {
  stubs: SharedStubs;
  emulator: SharedEmulator;
  gateway: RunningGateway;
  tokenFor: (username: string) => Promise<string>;
}

/**
 * The worker's stubs and a gateway of this process on one of STORES, its store open (a real server's: this file's
 * database, its activity emptied); every log line handed to `lines`.
 */
/**
 * How long a test waits for its gateway's store before failing with what the gateway logged meanwhile: an embedded
 * store's opening is seconds of CPU at a lower priority, which two suites on one 2-core machine stretched past 45 s.
 */
const STORE_OPEN_MS = 150_000;

/**
 * The gateway's store open. One that does not open is retried by the gateway for as long as it runs (a store
 * outage), so a test waiting on it would only meet its hook's timeout, saying nothing: this fails first, with the
 * gateway's own lines about it ('store not available', and why).
 */
async function storeOpen(gateway: RunningGateway, lines: string[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const told = lines.filter((line) => line.includes('store')).slice(-5);
      reject(new Error(`the gateway's store did not open in ${STORE_OPEN_MS / 1000} s:\n${told.join('\n')}`));
    }, STORE_OPEN_MS);
  });
  try {
    await Promise.race([gateway.store!.ready(), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function startStoreGateway(
  backend: (typeof STORES)[number],
  overrides: Partial<GatewayConfig>,
  lines: string[],
): Promise<StoreGateway> {
  const { stubs, emulator } = await sharedStack();
  // On a server, a database of this gateway's own, dropped once it stopped: files share a worker's modules, so a
  // database kept per module was dropped by the first file to end while a later one still used it.
  const database: ScratchDatabase | null =
    backend.name === 'postgres' ? await createScratchDatabase(REAL_URL, 'gateway_test') : null;
  const store = database ? { databaseUrl: database.databaseUrl } : { dataDir: 'memory://' };
  const started = await startLocalGateway(
    stubs.url,
    emulator,
    { store, ...overrides },
    createLogger('info', (line) => lines.push(line)),
  );
  const gateway: RunningGateway = database
    ? { ...started, close: () => started.close().finally(() => database.drop()) }
    : started;
  await storeOpen(gateway, lines);
  if (backend.name === 'postgres') await gateway.store!.current()!.db.deleteFrom('activity').execute();
  return { stubs, emulator, gateway, tokenFor: freshTokens((username) => emulator.accessTokenFor(username)) };
}

/**
 * A gateway on `backend` for the tests of the describe block that calls it: started before them (its store open),
 * closed after. Its parts are the returned object's once started.
 */
export function gatewayForBlock(
  backend: (typeof STORES)[number],
  overrides: Partial<GatewayConfig>,
): StoreGateway & { lines: string[] } {
  const block = { lines: [] as string[] } as StoreGateway & { lines: string[] };
  beforeAll(async () => {
    Object.assign(block, await startStoreGateway(backend, overrides, block.lines));
  });
  afterAll(async () => {
    await block.gateway?.close();
  });
  return block;
}
