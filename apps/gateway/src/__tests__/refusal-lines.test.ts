import { startEmulator, type RunningEmulator } from '@backoffice/keycloak-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_LINES_PER_MINUTE } from '../audit/line-budget.js';
import { startGateway, type RunningGateway } from '../index.js';
import { loadConfig } from '../load-config.js';
import { createLogger } from '../logger.js';

/**
 * Log lines have a budget per source: without it, 700 requests with a forged token signature wrote 700 warnings,
 * and every /files refusal wrote its audit line. Past SOURCE_LINES_PER_MINUTE a minute, a client address's (or an
 * operator's) lines are counted for a summary instead; every request is still answered.
 */

let emulator: RunningEmulator;
let gateway: RunningGateway;
let token: string;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  emulator = await startEmulator({ keyFile: null });
  token = await emulator.accessTokenFor('consulta');
  gateway = await startGateway(
    {
      ...loadConfig({}),
      port: 0,
      host: '127.0.0.1',
      keycloakIssuer: emulator.issuer,
      keycloakJwksUrl: emulator.jwksUrl,
      store: null,
    },
    { logger: createLogger('warn', (line) => lines.push(JSON.parse(line) as Record<string, unknown>)) },
  );
});
afterAll(async () => {
  await gateway?.close();
  await emulator?.close();
});

/** The token with another signature (its last characters changed): well formed, never verified. */
const forged = () => `${token.slice(0, -6)}${token.slice(-6) === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA'}`;

/** `count` requests one after another; their statuses. */
async function send(count: number, request: () => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await request();
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

const linesOf = (msg: string, from: number) => lines.slice(from).filter((line) => line.msg === msg);

describe('log lines per source', { timeout: 60_000 }, () => {
  const REQUESTS = SOURCE_LINES_PER_MINUTE * 3;

  it('warns of a forged token one by one only up to the budget of the client address', async () => {
    const from = lines.length;
    const statuses = await send(REQUESTS, () =>
      fetch(gateway.graphqlUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${forged()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ me { username } }' }),
      }),
    );
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect(linesOf('token rejected', from)).toHaveLength(SOURCE_LINES_PER_MINUTE);
  });

  it('audits /files refusals one by one only up to the budget of the operator (or the address without one)', async () => {
    const from = lines.length;
    const refused = (authorization: string) => () =>
      fetch(`${gateway.url}/files/no-existe`, { headers: { authorization } });
    expect(new Set(await send(REQUESTS, refused(`Bearer ${token}`)))).toEqual(new Set([404]));
    expect(new Set(await send(REQUESTS, refused('Bearer no-es-un-token')))).toEqual(new Set([401]));
    const audited = linesOf('audit', from).filter((line) => line.event === 'audit');
    // The operator's and the anonymous address's: each its own budget.
    expect(audited.filter((line) => line.user === 'consulta')).toHaveLength(SOURCE_LINES_PER_MINUTE);
    expect(audited.filter((line) => line.user === null)).toHaveLength(SOURCE_LINES_PER_MINUTE);
  });
});
