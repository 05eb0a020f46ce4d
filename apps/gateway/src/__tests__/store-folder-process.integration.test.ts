import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureGatewayBuild, startGatewayProcess } from './gateway-process.js';

/**
 * One gateway process per embedded store folder, with the real process (`node dist/main.js`): a second
 * gateway on a folder another one holds exits at once with a message in Spanish and English, a folder left by a
 * gateway killed with SIGKILL is taken by the next one, and a gateway whose parent is gone stops as on SIGTERM.
 */
const children: ChildProcess[] = [];
let dataDir: string;
const env = () => ({
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  STORE_DATA_DIR: dataDir,
  // Nothing is called: the gateway only starts (it fetches the realm's keys on the first request).
  STUBS_URL: 'http://127.0.0.1:9',
  KEYCLOAK_ISSUER: 'http://127.0.0.1:9/realms/back-office',
});
const start = (options: { ipc?: boolean; logLevel?: string } = {}) =>
  startGatewayProcess(
    ['dist/main.js'],
    { ...env(), ...(options.logLevel ? { LOG_LEVEL: options.logLevel } : {}) },
    (child) => children.push(child),
    options,
  );

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gateway-store-folder-'));
  await ensureGatewayBuild();
}, 180_000);
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

// A ceiling for a hang, not a measure: each test starts gateway processes that open an embedded store, seconds of CPU
// on a thread that yields (nice + 5); 23 s for the first test on a busy host, 76 s with two suites at once, and more
// than 180 s with a third load beside them.
describe('the embedded store folder and gateway processes', { timeout: 600_000 }, () => {
  it('a second gateway on a held folder exits non-zero naming it; after a SIGKILL the next one starts', async () => {
    const first = await start();
    const second = start();
    const refusal = await second.then(
      () => null,
      (error: Error) => error.message,
    );
    expect(refusal).toMatch(/the gateway exited \(1\) before listening/);
    expect(refusal).toContain(`La carpeta del almacenamiento embebido ${dataDir} ya está en uso`);
    expect(refusal).toMatch(/configure DATABASE_URL[\s\S]*The embedded store folder[\s\S]*set DATABASE_URL/);

    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    const third = await start();
    expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });

  it('stops as on SIGTERM, its store closed, when its parent is gone with the reading end of its output', async () => {
    // A parent killed with SIGKILL (`npm start`, the test stack's CLI): its end of the IPC channel closes and
    // nobody reads the gateway's output any more, so the stop's own log lines (info) meet a broken pipe.
    const orphan = await start({ ipc: true, logLevel: 'info' });
    orphan.child.stdout!.destroy();
    orphan.child.stderr!.destroy();
    orphan.child.disconnect();
    expect(await orphan.exited).toBe(0);
  });
});
