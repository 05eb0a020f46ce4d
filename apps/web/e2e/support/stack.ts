import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type Stack as WholeStack } from '../../../../scripts/stack.mjs';

/** The addresses of a running stack: web, gateway, sandbox, keycloak (emulator) and stubs. */
export type StackUrls = WholeStack['urls'];

/**
 * What a browser test sees of a stack: its URLs and an id naming its saved sign-in states. Each vitest worker's
 * stack (support/worker.ts) reaches its files as this plain value.
 */
export interface Stack {
  id: string;
  urls: StackUrls;
}

/** A stack a file started for itself (a special configuration); the file closes it. */
export interface OwnStack extends Stack {
  close(): Promise<void>;
}

export interface TestStackOptions {
  /** Lifetime of the emulator's access tokens (default: the realm's, 300 s). */
  accessTokenTtlSeconds?: number;
  /** More of the gateway's environment, over the stack's own (e.g. `APPROVAL_POLICIES`: a file's approval rules). */
  gatewayEnv?: Record<string, string>;
  /** Keycloak partial imports the emulator adds to the realm (e.g. a second admin: support/fixtures). */
  realmAdditions?: string[];
}

/** Where the saved sign-in states (Playwright storage state, one file per role) of a stack live. */
export const signInStateDir = (stackId: string): string => join(tmpdir(), 'backoffice-e2e-sign-in', stackId);

/**
 * The whole product on free loopback ports: stubs, Keycloak emulator (fresh in-memory key), gateway and
 * this app's production server. Every package must be built first (`npm run build` at the root).
 */
export async function startTestStack({ gatewayEnv, ...options }: TestStackOptions = {}): Promise<OwnStack> {
  const stack = await startStack({
    host: '127.0.0.1',
    keyFile: null,
    gatewayLogLevel: 'warn',
    // One role's sessions across every file drive the gateway faster than a person would: the per-operator rate
    // limit (tested on its own in the gateway's rate-limit.integration.test.ts) stays off here.
    // The web's requests run as in production: only its trusted documents (a text it sends that the gateway does
    // not hold fails the test that sent it, instead of passing on a fallback).
    gatewayEnv: { RATE_LIMIT_MAX: '0', WEB_TRUSTED_DOCUMENTS_ONLY: 'true', ...gatewayEnv },
    ...options,
  });
  const id = randomUUID();
  return {
    id,
    urls: stack.urls,
    async close() {
      await stack.close();
      rmSync(signInStateDir(id), { recursive: true, force: true });
    },
  };
}

/**
 * The stubs' full reset (`POST /__admin/reset`): every service re-seeded, and the request log, forced
 * failures, faults and idempotency keys cleared. Each file starts from it, so files do not depend on order.
 */
export async function resetStubs(stack: Stack): Promise<void> {
  const res = await fetch(`${stack.urls.stubs}/__admin/reset`, { method: 'POST' });
  if (!res.ok) throw new Error(`POST /__admin/reset respondió ${res.status}: ${await res.text()}`);
}

export interface RecordedUpstreamRequest {
  service: string;
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

/** What the gateway sent to the REST services (the stubs record every request). */
export async function upstreamRequests(stack: Stack): Promise<RecordedUpstreamRequest[]> {
  const res = await fetch(`${stack.urls.stubs}/__admin/requests`);
  if (!res.ok) throw new Error(`/__admin/requests respondió ${res.status}`);
  return (await res.json()) as RecordedUpstreamRequest[];
}

export async function clearUpstreamRequests(stack: Stack): Promise<void> {
  await fetch(`${stack.urls.stubs}/__admin/requests`, { method: 'DELETE' });
}
