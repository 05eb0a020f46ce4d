// `npm run stack:test` as other teams use it (the cli the script runs once the apps are built): the JSON line,
// a token from the test client, the gateway honouring the user's permissions, the stubs' reset, SIGTERM.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLine } from './test-processes.js';

const CLI = fileURLToPath(new URL('./cli.mjs', import.meta.url));

interface Urls {
  gateway: string;
  graphql: string;
  stubs: string;
  keycloak: string;
  lockouts: string;
  profile: Record<string, unknown>;
}

/** A PostgreSQL server nobody listens on: a gateway that got it would have no store. */
const CALLERS_DATABASE_URL = 'postgres://otro-equipo@127.0.0.1:1/su_base';

const run = (args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams =>
  spawn(process.execPath, [CLI, ...args], { stdio: 'pipe', env: { ...process.env, ...env } });

const collect = (stream: NodeJS.ReadableStream): { text: string } => {
  const out = { text: '' };
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (out.text += chunk));
  return out;
};

const passwordGrant = (keycloak: string, clientId: string, username: string, password = username) =>
  fetch(`${keycloak}/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'password', client_id: clientId, username, password }),
  });

const ask = (urls: Urls, token: string, query: string) =>
  fetch(urls.graphql, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });

const graphql = async (urls: Urls, token: string, query: string) =>
  (await (await ask(urls, token, query)).json()) as {
    data?: Record<string, unknown> | null;
    errors?: { extensions: { code: string } }[];
  };

const tokenOf = async (urls: Urls, username: string): Promise<string> => {
  const response = await passwordGrant(urls.keycloak, 'back-office-tests', username);
  return ((await response.json()) as { access_token: string }).access_token;
};

/** Starts the CLI with `args` and resolves with the child and the JSON line it printed. */
const started = async (args: string[], env: Record<string, string> = {}) => {
  const child = run(args, env);
  const stderr = collect(child.stderr);
  const stdout: string[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => stdout.push(line));
  const first = await firstLine(child, child.stdout, () => stderr.text).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return { child, stdout, stderr, urls: JSON.parse(first) as Urls };
};

const stop = async (child: ChildProcessWithoutNullStreams | undefined) => {
  // No child when the start failed (its error is the test's).
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
};

describe('npm run stack:test', () => {
  let child: ChildProcessWithoutNullStreams;
  let stdout: string[];
  let stderr: { text: string };
  let urls: Urls;

  beforeAll(async () => {
    // Another team's CI with its own database: the stack's gateway must not put its store there.
    ({ child, stdout, stderr, urls } = await started([], { DATABASE_URL: CALLERS_DATABASE_URL }));
  });

  afterAll(() => stop(child));

  it('prints one line of JSON with the URLs, on loopback ports it picked, and the test profile', () => {
    expect(Object.keys(urls)).toEqual(['gateway', 'graphql', 'stubs', 'keycloak', 'lockouts', 'profile']);
    expect(urls.gateway).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(urls.graphql).toBe(`${urls.gateway}/graphql`);
    expect(urls.stubs).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(urls.keycloak).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/realms\/back-office$/);
    expect(urls.lockouts).toBe(
      `${urls.keycloak.replace('/realms/', '/admin/realms/')}/attack-detection/brute-force/users`,
    );
    expect(urls.profile).toEqual({
      protections: 'test',
      rateLimitMax: 100_000,
      bruteForceLockout: false,
      upstreamTimeoutMs: 30_000,
      tokenTtlSeconds: 300,
    });
  });

  it('raises the gateway’s rate limit (its RateLimit-Policy says so)', async () => {
    const response = await ask(urls, await tokenOf(urls, 'operador'), '{ me { username } }');
    expect(response.headers.get('ratelimit-policy')).toBe('"operador"; q=100000; w=60');
  });

  it('never locks a demo user out: wrong passwords, then the right one signs in', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await passwordGrant(urls.keycloak, 'back-office-tests', 'impuestos', 'mal')).status).toBe(401);
    }
    expect((await passwordGrant(urls.keycloak, 'back-office-tests', 'impuestos')).status).toBe(200);
  });

  it('gives operador a token on back-office-tests that reads payments and is refused confirmImport', async () => {
    const response = await passwordGrant(urls.keycloak, 'back-office-tests', 'operador');
    expect(response.status).toBe(200);
    const { access_token: token } = (await response.json()) as { access_token: string };

    const read = await graphql(urls, token, '{ payments(pageSize: 1) { total } }');
    expect(read.errors).toBeUndefined();
    expect((read.data?.payments as { total: number }).total).toBeGreaterThan(0);

    const refused = await graphql(
      urls,
      token,
      `mutation { confirmImport(id: "1", idempotencyKey: "${crypto.randomUUID()}") { __typename } }`,
    );
    expect(refused.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
  });

  it('starts the gateway on a clean environment: a DATABASE_URL of the caller’s does not reach it', async () => {
    const response = await passwordGrant(urls.keycloak, 'back-office-tests', 'operador');
    const { access_token: token } = (await response.json()) as { access_token: string };
    // The store in memory opens in a moment; one on the caller's (unreachable) server would never answer.
    await expect
      .poll(async () => (await graphql(urls, token, '{ preferences { key } }')).errors, {
        timeout: 45_000,
        interval: 500,
      })
      .toBeUndefined();
  });

  it('keeps refusing the password grant to the web client, as Keycloak does', async () => {
    const response = await passwordGrant(urls.keycloak, 'back-office-web', 'operador');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'unauthorized_client',
      error_description: 'Client not allowed for direct access grants',
    });
  });

  it('answers ok to POST {stubs}/__admin/reset', async () => {
    const response = await fetch(`${urls.stubs}/__admin/reset`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok' });
  });

  it('keeps stdout to the JSON line (logs go to stderr) and stops everything on SIGTERM', async () => {
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(stdout).toHaveLength(1);
    expect(stderr.text).toContain('Deteniendo…');
    await expect(fetch(`${urls.gateway}/healthz`)).rejects.toThrow();
    await expect(fetch(`${urls.stubs}/healthz`)).rejects.toThrow();
  });
});

describe('npm run stack:test -- --production-protections --upstream-timeout-ms 300 --token-ttl 60', () => {
  let child: ChildProcessWithoutNullStreams;
  let urls: Urls;
  beforeAll(async () => {
    ({ child, urls } = await started([
      '--production-protections',
      '--upstream-timeout-ms',
      '300',
      '--token-ttl',
      '60',
      '--log-level',
      'silent',
    ]));
  });
  afterAll(() => stop(child));

  it('prints production’s protections and the options given', () => {
    expect(urls.profile).toEqual({
      protections: 'production',
      rateLimitMax: 600,
      bruteForceLockout: true,
      upstreamTimeoutMs: 300,
      tokenTtlSeconds: 60,
    });
  });

  it('issues tokens of that lifetime, keeps production’s rate limit and meets the upstream deadline', async () => {
    const grant = await passwordGrant(urls.keycloak, 'back-office-tests', 'operador');
    const { access_token: token, expires_in: expiresIn } = (await grant.json()) as {
      access_token: string;
      expires_in: number;
    };
    expect(expiresIn).toBe(60);
    // The realm's keys first, through a query that calls no service (a loaded machine's first fetch is slow).
    await expect
      .poll(async () => (await graphql(urls, token, '{ me { username } }')).errors, {
        timeout: 30_000,
        interval: 500,
      })
      .toBeUndefined();
    const response = await ask(urls, token, '{ me { username } }');
    expect(response.headers.get('ratelimit-policy')).toBe('"operador"; q=600; w=60');
    const fault = await fetch(`${urls.stubs}/__admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'payment', latencyMs: 2_000 }),
    });
    expect(fault.ok).toBe(true);
    const { errors } = await graphql(urls, token, '{ payments(pageSize: 1) { total } }');
    expect(errors?.map((error) => error.extensions.code)).toEqual(['UPSTREAM_TIMEOUT']);
  });

  it('locks a user out after 5 wrong passwords, and the lockouts admin call clears it', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await passwordGrant(urls.keycloak, 'back-office-tests', 'tesoreria', 'mal')).status).toBe(401);
    }
    expect((await passwordGrant(urls.keycloak, 'back-office-tests', 'tesoreria')).status).toBe(401);
    expect((await fetch(`${urls.lockouts}/tesoreria`, { method: 'DELETE' })).status).toBe(204);
    expect((await passwordGrant(urls.keycloak, 'back-office-tests', 'tesoreria')).status).toBe(200);
  });
});

describe('npm run stack:test with bad options', () => {
  it.each([
    [['--token-ttl', '0'], '--token-ttl no válido: "0". Se espera un entero entre 1 y 86400.'],
    [
      ['--upstream-timeout-ms', '5s'],
      '--upstream-timeout-ms no válido: "5s". Se espera un entero entre 1 y 600000.',
    ],
  ])('refuses %j in Spanish', async (args, message) => {
    const child = run(args);
    const stderr = collect(child.stderr);
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr.text).toContain(message);
  });

  it('explains in Spanish and starts nothing', async () => {
    const child = run(['--ports', 'web=5173']);
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stdout.text).toBe('');
    expect(stderr.text).toContain(
      '--ports: servicio desconocido "web". Servicios: gateway, stubs, keycloak.',
    );
  });

  it('refuses a --pass-env that names no variable, in Spanish', async () => {
    const child = run(['--pass-env', 'DATABASE_URL,no-es=valido']);
    const stderr = collect(child.stderr);
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
    expect(stderr.text).toContain('--pass-env: "no-es=valido" no es un nombre de variable.');
  });

  it('says so in Spanish when a port it was given is taken, and exits', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const child = run(['--ports', `stubs=${port}`]);
      const stdout = collect(child.stdout);
      const stderr = collect(child.stderr);
      const [code] = (await once(child, 'exit')) as [number | null];
      expect(code).toBe(2);
      expect(stdout.text).toBe('');
      expect(stderr.text).toContain('No se pudo iniciar el stack de pruebas: listen EADDRINUSE');
      expect(stderr.text).toContain(`127.0.0.1:${port}`);
    } finally {
      taken.close();
    }
  });
});
