// A gateway started by the stack never outlives the process that started it: a test runner's
// hard timeout or a closed terminal kills that process with SIGKILL or SIGHUP, which runs none of its exit
// handlers, and the gateway (in its own process group) used to stay, re-parented, answering on its port.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, firstLine } from './test-processes.js';

const STACK = fileURLToPath(new URL('../../../scripts/stack.mjs', import.meta.url));

/** A parent that starts only the gateway (no upstream is called: it fetches the realm's keys on first use). */
const PARENT = `
const { startGatewayProcess } = await import(${JSON.stringify(STACK)});
const gateway = await startGatewayProcess(
  {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    STORE_DATA_DIR: 'memory://',
    STUBS_URL: 'http://127.0.0.1:9',
    KEYCLOAK_ISSUER: 'http://127.0.0.1:9/realms/back-office',
  },
  () => {},
);
console.log(JSON.stringify({ pid: gateway.pid, url: gateway.url }));
setInterval(() => {}, 60_000);
`;

const gatewayPids: number[] = [];
afterAll(() => {
  for (const pid of gatewayPids) if (alive(pid)) process.kill(pid, 'SIGKILL');
});

describe('the stack’s gateway and its parent', () => {
  for (const signal of ['SIGKILL', 'SIGHUP'] as const) {
    it(`stops when its parent is killed with ${signal}`, { timeout: 120_000 }, async () => {
      const parent = spawn(process.execPath, ['--input-type=module', '-e', PARENT], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const first = await firstLine(parent, parent.stdout);
      const { pid, url } = JSON.parse(first) as { pid: number; url: string };
      gatewayPids.push(pid);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      parent.kill(signal);
      await expect.poll(() => alive(pid), { timeout: 60_000, interval: 100 }).toBe(false);
    });
  }
});
