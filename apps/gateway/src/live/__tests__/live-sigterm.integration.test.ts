import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSourceGateway } from '../../__tests__/gateway-process.js';
import { sharedStack, type SharedEmulator, type SharedStubs } from '../../__tests__/shared-stack.js';
import { openLive } from './sse-client.js';

/**
 * The gateway's real process (main.ts and its signal handlers) on the embedded store: SIGTERM ends its live streams,
 * so their browsers reconnect elsewhere, and the process exits at once instead of waiting its grace period for them.
 */
const GRACE_MS = 60_000;

let stubs: SharedStubs;
let emulator: SharedEmulator;
let child: ChildProcess | undefined;

beforeAll(async () => {
  ({ stubs, emulator } = await sharedStack());
});
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

describe('SIGTERM to a gateway holding live streams', { timeout: 120_000 }, () => {
  it('ends the streams and exits 0 long before the grace period', async () => {
    const gateway = await startSourceGateway(
      { stubsUrl: stubs.url, issuer: emulator.issuer, jwksUrl: emulator.jwksUrl },
      { SHUTDOWN_GRACE_MS: String(GRACE_MS), STORE_DATA_DIR: 'memory://' },
      (spawned) => (child = spawned),
    );
    const token = await emulator.accessTokenFor('operador');
    // The ready line comes once the store is open; the bus listens within its next check.
    let stream = await openLive(gateway.url, token);
    while (stream.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stream = await openLive(gateway.url, token);
    }
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'hello');

    const signalled = performance.now();
    child!.kill('SIGTERM');
    await stream.ended;
    expect(await gateway.exited).toBe(0);
    // A stream left open would hold the stop for the whole grace period.
    expect(performance.now() - signalled).toBeLessThan(GRACE_MS / 6);
    expect(gateway.output()).toContain('"msg":"stopped"');
  });
});
