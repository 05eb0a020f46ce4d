/**
 * The stores a gateway test runs on: the embedded one always, and a real PostgreSQL server too when
 * TEST_DATABASE_URL names one (.ci/run starts one on loopback).
 */
import type { GatewayConfig } from '../config.js';
import type { RunningGateway } from '../index.js';
import { createLogger } from '../logger.js';
import { freshTokens } from './http-helpers.js';
import { startLocalGateway } from './local-gateway.js';
import { sharedStack, type SharedEmulator, type SharedStubs } from './shared-stack.js';

export const REAL_URL = process.env.TEST_DATABASE_URL || '';

export const STORES = [
  { name: 'embedded', store: { dataDir: 'memory://' } },
  ...(REAL_URL ? [{ name: 'postgres', store: { databaseUrl: REAL_URL } }] : []),
];

export interface StoreGateway {
  stubs: SharedStubs;
  emulator: SharedEmulator;
  gateway: RunningGateway;
  tokenFor: (username: string) => Promise<string>;
}

/**
 * The worker's stubs and a gateway of this process on one of STORES, its store open and (a real server's, shared by
 * the run) its activity emptied; every log line handed to `lines`.
 */
export async function startStoreGateway(
  backend: (typeof STORES)[number],
  overrides: Partial<GatewayConfig>,
  lines: string[],
): Promise<StoreGateway> {
  const { stubs, emulator } = await sharedStack();
  const gateway = await startLocalGateway(
    stubs.url,
    emulator,
    { store: backend.store, ...overrides },
    createLogger('info', (line) => lines.push(line)),
  );
  await gateway.store!.ready();
  if (backend.name === 'postgres') await gateway.store!.current()!.db.deleteFrom('activity').execute();
  return { stubs, emulator, gateway, tokenFor: freshTokens((username) => emulator.accessTokenFor(username)) };
}
