/**
 * The stubs and the Keycloak emulator a test file shares with the others of its vitest worker
 * (shared-stack.global.ts starts them once per run). `sharedStack()` in a file's beforeAll resets the worker's
 * stubs (seeded data, request log, faults, forced failures) and hands them over with the emulator's tokens; the
 * file starts its own gateway on them (startLocalGateway) and closes only that.
 */
import { readFileSync } from 'node:fs';
import { createPrivateKey, type KeyObject } from 'node:crypto';
import { createTokenMinter, type TokenMinter } from '@backoffice/keycloak-emulator';
import { inject } from 'vitest';

/** What shared-stack.global.ts provides: the stubs of each worker (by VITEST_POOL_ID) and the emulator. */
export interface SharedStackInfo {
  stubs: string[];
  emulator: { issuer: string; jwksUrl: string; keyFile: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedStack: SharedStackInfo;
  }
}

/** The worker's stubs: the URL and the admin API's reset. Shared: never closed by a file. */
export interface SharedStubs {
  url: string;
  /** `POST /__admin/reset`: the seeded data back, request log, faults and forced failures cleared. */
  reset(): Promise<void>;
}

/** The run's emulator: its URLs and the tokens it issues, minted in this process with its key. */
export interface SharedEmulator extends TokenMinter {
  jwksUrl: string;
  /** The realm's private signing key (tests that sign tokens by hand). */
  privateKey: KeyObject;
}

export interface SharedStack {
  stubs: SharedStubs;
  emulator: SharedEmulator;
}

/** POSTs an admin command to the stubs and checks it was accepted. */
async function admin(stubsUrl: string, path: string): Promise<void> {
  const response = await fetch(`${stubsUrl}/__admin${path}`, { method: 'POST' });
  if (!response.ok) throw new Error(`stubs ${path}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

let emulator: Promise<SharedEmulator> | undefined;

/** The run's emulator (its tokens minted in this process), without stubs. */
export function sharedEmulator(): Promise<SharedEmulator> {
  const { issuer, jwksUrl, keyFile } = inject('sharedStack').emulator;
  emulator ??= createTokenMinter({ issuer, keyFile }).then((minter) => ({
    ...minter,
    jwksUrl,
    privateKey: createPrivateKey({ key: JSON.parse(readFileSync(keyFile, 'utf8')), format: 'jwk' }),
  }));
  return emulator;
}

/** This worker's stubs, reset, and the emulator; for a file's beforeAll. */
export async function sharedStack(): Promise<SharedStack> {
  const url = inject('sharedStack').stubs[Number(process.env.VITEST_POOL_ID) - 1];
  if (!url) throw new Error(`no shared stubs for the vitest worker ${process.env.VITEST_POOL_ID}`);
  const stubs: SharedStubs = { url, reset: () => admin(url, '/reset') };
  const [shared] = await Promise.all([sharedEmulator(), stubs.reset()]);
  return { stubs, emulator: shared };
}
