// Starts the whole product: stubs, Keycloak emulator and web server in this process, and the gateway as its own
// process started exactly as the images start it (`node apps/gateway/dist/main.js`: configuration from the
// environment over the embedded defaults, tracing, metrics when METRICS_PORT is set, its signal handling).
// Used by `npm start` (fixed default ports), by the browser tests (free ports picked here) and, without the web
// server, by `npm run stack:test` / startTestStack() of packages/test-stack (docs/testing-integration.md).
// Every app must be built first (`npm run build`): this imports their dist/ entry points.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

// Beside the gateway package's entry point, wherever that package is: apps/gateway in this repository, the packed
// test stack's node_modules elsewhere (docs/testing-integration.md, "Outside this repository").
const GATEWAY_MAIN = fileURLToPath(new URL('./main.js', import.meta.resolve('@backoffice/gateway')));

/** Asks the OS for a free loopback port. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * What any process needs to run, passed from the caller's environment whatever else is: the executable path, the
 * home and temporary folders, the locale and time zone (and their Windows names). NODE_OPTIONS is not among them: a
 * test runner's `--require`/`--import` (a coverage hook, a TypeScript loader) would load into the gateway; a caller
 * that wants it names it.
 */
export const BASE_ENV = [
  'PATH',
  'HOME',
  'TMPDIR',
  'TMP',
  'TEMP',
  'LANG',
  'LC_ALL',
  'TZ',
  'USERPROFILE',
  'SystemRoot',
  'ComSpec',
];

/**
 * The caller's variables a stack's gateway gets: 'all' (npm start: the operator's own environment, e.g.
 * METRICS_PORT, DATABASE_URL), or BASE_ENV and the names given, nothing else (a test stack: a DATABASE_URL in
 * another team's CI must not put the stack's store on their database).
 * @param {'all' | readonly string[]} passEnv
 * @param {Record<string, string | undefined>} [from]
 * @returns {Record<string, string>}
 */
export function inheritedEnv(passEnv, from = process.env) {
  const names = passEnv === 'all' ? Object.keys(from) : [...BASE_ENV, ...passEnv];
  return Object.fromEntries(
    names.filter((name) => from[name] !== undefined).map((name) => [name, from[name]]),
  );
}

/**
 * Runs the gateway's entry point with `env` over the caller's variables `passEnv` lets through (inheritedEnv; the
 * stack's wiring wins over them). Its output goes to `log` (default: this process's stdout/stderr). Resolves once it
 * listens; `close()` sends SIGTERM and waits for the exit (the gateway drains its requests in flight,
 * docs/operations.md §9).
 * @param {Record<string, string>} env
 * @param {((line: string) => void) | undefined} log
 * @param {'all' | readonly string[]} [passEnv]
 */
export function startGatewayProcess(env, log, passEnv = []) {
  const child = spawn(process.execPath, [GATEWAY_MAIN], {
    env: { ...inheritedEnv(passEnv), ...env },
    // The IPC channel is how the gateway knows its parent is gone (apps/gateway/src/run.ts): a parent killed with
    // SIGKILL runs no exit handler, but its end of the channel still closes.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // Its own process group: Ctrl-C in `npm start`'s terminal reaches this process, whose close() then sends the
    // gateway one SIGTERM (a second signal would make it exit without draining).
    detached: true,
  });
  // The channel does not keep this process alive (its pipes decide, as before).
  child.channel?.unref();
  // A stack that ends without close() (a crashed test run) does not leave the gateway behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  void exited.then(() => process.off('exit', killOnExit));
  let output = '';
  const forward = (stream, target) => {
    let pending = '';
    stream.on('data', (chunk) => {
      const text = chunk.toString();
      if (output.length < 64_000) output += text;
      if (!log) return void target.write(text);
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) log(line);
    });
  };
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  return new Promise((resolve, reject) => {
    const listening = () => {
      const match =
        /Gateway GraphQL en (http:\/\/\S+)\/graphql.*?(?:métricas (http:\/\/\S+)\/metrics)?$/m.exec(output);
      if (!match) return;
      child.stdout.off('data', listening);
      const url = match[1];
      resolve({
        url,
        graphqlUrl: `${url}/graphql`,
        port: Number(new URL(url).port),
        metricsUrl: match[2] ?? null,
        pid: child.pid,
        close: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout.on('data', listening);
    void exited.then((code) =>
      reject(new Error(`El gateway terminó (${code}) antes de escuchar:\n${output}`)),
    );
  });
}

/** The FORM_HOST this module set (so a later stack in the same process may replace it). */
let stackFormHost = '';

/**
 * The origins the web app and the sandbox sign in from: each one given, and for a loopback one its twin
 * (`127.0.0.1` ↔ `localhost`, same port), so the sandbox signs in on whichever name a developer opens the port the
 * stack picked with (the emulator, like Keycloak, matches a redirect URI's host literally).
 * @param {readonly string[]} origins
 * @returns {string[]}
 */
export function signInOrigins(origins) {
  const twins = origins.flatMap((origin) => {
    const url = new URL(origin);
    if (url.hostname === '127.0.0.1') return [origin, `${url.protocol}//localhost:${url.port}`];
    if (url.hostname === 'localhost') return [origin, `${url.protocol}//127.0.0.1:${url.port}`];
    return [origin];
  });
  return [...new Set(twins)];
}

/**
 * @param {{ host?: string, publicHost?: string, ports?: { stubs?: number, keycloak?: number, gateway?: number, web?: number },
 *           keyFile?: string | null, stubLatencyMs?: number, gatewayLogLevel?: string, gatewayEnv?: Record<string, string>, accessTokenTtlSeconds?: number, log?: (line: string) => void,
 *           web?: boolean, realmFile?: string, realmAdditions?: string[], storeDataDir?: string, passEnv?: 'all' | readonly string[],
 *           keycloakOptions?: { bruteForceProtected?: boolean, attackDetectionAdmin?: boolean },
 *           otherWebOrigins?: string[], testNamespaces?: boolean }} [options]
 *   ports: 0 or missing picks a free port. publicHost: the host name browsers use (localhost for npm start).
 *   web: false starts no web server (the stack of integration tests). realmFile: the emulator's realm (default
 *   the repository's infra/keycloak/realm-back-office.json, found from the emulator's folder). realmAdditions:
 *   partial imports merged into the emulator's realm (e.g. the test client); the clients they add may call the gateway (its allowed azp).
 *   storeDataDir: the gateway's embedded store (activity, preferences) folder, 'memory://' by default; a
 *   DATABASE_URL the gateway gets puts it on that PostgreSQL server instead.
 *   passEnv: which of this process's variables the gateway gets besides the stack's (inheritedEnv): none but
 *   BASE_ENV by default; 'all' for npm start. keycloakOptions: the emulator's test-stack switches (the lockout).
 *   otherWebOrigins: origins of web servers the caller starts itself against this stack (the bench's baseline
 *   build): the emulator lets them sign in and the gateway answers them (CORS). testNamespaces: the gateway's
 *   test namespaces on (TEST_NAMESPACES: `x-test-namespace` forwarded, its store split by it) and each reset of
 *   the stubs clearing the gateway's rows of that namespace (`POST /__admin/reset-store`): the test stack's.
 */
export async function startStack(options = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOnce(options);
    } catch (error) {
      // A port picked here can be taken by another process between the pick and the listen (test files start
      // stacks side by side): the stack starts again on new picks. A port the caller gave is never retried.
      if (attempt >= PICKED_PORT_ATTEMPTS || !pickedPortTaken(error, options.ports)) throw error;
    }
  }
}

/**
 * The stubs' reset hook of a stack with test namespaces: the gateway's rows of the namespace reset are deleted
 * (its `POST /__admin/reset-store`, test profile only) before the reset answers, so a test that resets in
 * `beforeEach` starts without the preferences and activity an earlier test left there.
 * @param {string} host
 * @param {number} gatewayPort
 * @returns {(namespace: string) => Promise<void>}
 */
function resetGatewayStore(host, gatewayPort) {
  const origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${gatewayPort}`;
  return async (namespace) => {
    const answer = await fetch(`${origin}/__admin/reset-store?namespace=${encodeURIComponent(namespace)}`, {
      method: 'POST',
    });
    if (!answer.ok) throw new Error(`POST /__admin/reset-store del gateway: ${answer.status}`);
  };
}

/** How many times a stack whose picked port was taken in the meantime is started in all. */
const PICKED_PORT_ATTEMPTS = 3;

/**
 * Whether `error` is a listen on a taken port that the caller did not give (in-process servers carry the port;
 * the gateway's process says it in its output).
 */
export function pickedPortTaken(error, givenPorts = {}) {
  const text = String(error?.message ?? '');
  const port =
    error?.code === 'EADDRINUSE'
      ? Number(error.port)
      : Number(/EADDRINUSE: address already in use \S*:(\d+)/.exec(text)?.[1] ?? NaN);
  if (!Number.isInteger(port) || port <= 0) return false;
  return !Object.values(givenPorts ?? {}).includes(port);
}

async function startStackOnce(options) {
  const host = options.host ?? '127.0.0.1';
  const publicHost = options.publicHost ?? host;
  const pick = async (p) => (p ? p : freePort(host));
  const ports = {
    stubs: await pick(options.ports?.stubs),
    keycloak: await pick(options.ports?.keycloak),
    gateway: await pick(options.ports?.gateway),
    web: options.web === false ? 0 : await pick(options.ports?.web),
  };
  const webOrigin = `http://${publicHost}:${ports.web}`;
  const gatewayOrigin = `http://${publicHost}:${ports.gateway}`;
  const otherWebOrigins = options.otherWebOrigins ?? [];

  const { startStubs } = await import('@backoffice/stubs');
  const { startEmulator } = await import('@backoffice/keycloak-emulator');
  const { startWeb } = options.web === false ? {} : await import('@backoffice/web/server');

  const started = [];
  try {
    const stubs = await startStubs({
      port: ports.stubs,
      host,
      latencyMs: options.stubLatencyMs,
      ...(options.testNamespaces ? { onReset: resetGatewayStore(host, ports.gateway) } : {}),
    });
    started.push(stubs);
    const keycloak = await startEmulator({
      port: ports.keycloak,
      host,
      publicUrl: `http://${publicHost}:${ports.keycloak}`,
      keyFile: options.keyFile,
      extraRedirectUris: signInOrigins([webOrigin, gatewayOrigin, ...otherWebOrigins]).map(
        (origin) => `${origin}/*`,
      ),
      extraWebOrigins: signInOrigins([webOrigin, gatewayOrigin, ...otherWebOrigins]),
      ...(options.realmFile ? { realmFile: options.realmFile } : {}),
      ...(options.realmAdditions ? { realmAdditions: options.realmAdditions } : {}),
      ...(options.accessTokenTtlSeconds ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds } : {}),
      ...options.keycloakOptions,
    });
    started.push(keycloak);
    // The payment form host (spec 000 §2: checkout links of payments and subscriptions) is the stubs'
    // form pages (`/formulario`), unless FORM_HOST was set. The gateway reads FORM_HOST on first use.
    const formHost = `http://${publicHost}:${ports.stubs}/formulario`;
    if (!process.env.FORM_HOST || process.env.FORM_HOST === stackFormHost) {
      process.env.FORM_HOST = formHost;
      stackFormHost = formHost;
    }
    // Every upstream service points at the stubs started here (same path prefixes as the defaults), unless the
    // environment names a service's own URL. Clients a realm addition brings (the test client) may call it too.
    const allowedClients = process.env.KEYCLOAK_AZP ?? 'back-office-web';
    const passEnv = options.passEnv ?? [];
    const inherited = inheritedEnv(passEnv);
    const gateway = await startGatewayProcess(
      {
        PORT: String(ports.gateway),
        HOST: host,
        STUBS_URL: stubs.url,
        KEYCLOAK_ISSUER: keycloak.issuer,
        KEYCLOAK_JWKS_URL: keycloak.jwksUrl,
        ...(keycloak.addedClientIds.length > 0
          ? { KEYCLOAK_AZP: [allowedClients, ...keycloak.addedClientIds].join(',') }
          : {}),
        CORS_ORIGINS: [webOrigin, ...otherWebOrigins].join(','),
        FORM_HOST: process.env.FORM_HOST,
        ...(inherited.DATABASE_URL ? {} : { STORE_DATA_DIR: options.storeDataDir ?? 'memory://' }),
        ...(options.gatewayLogLevel ? { LOG_LEVEL: options.gatewayLogLevel } : {}),
        ...(options.testNamespaces ? { TEST_NAMESPACES: 'true' } : {}),
        ...options.gatewayEnv,
      },
      options.log,
      passEnv,
    );
    started.push(gateway);
    const web = startWeb
      ? await startWeb({
          port: ports.web,
          host,
          gatewayUrl: `${gatewayOrigin}/graphql`,
          keycloakUrl: `http://${publicHost}:${ports.keycloak}`,
        })
      : undefined;
    if (web) started.push(web);
    return {
      stubs,
      keycloak,
      gateway,
      web,
      urls: {
        web: web ? webOrigin : undefined,
        gateway: `${gatewayOrigin}/graphql`,
        metrics: gateway.metricsUrl ? `${gateway.metricsUrl}/metrics` : null,
        sandbox: `${gatewayOrigin}/sandbox`,
        keycloak: `http://${publicHost}:${ports.keycloak}`,
        stubs: stubs.url,
        form: process.env.FORM_HOST,
      },
      async close() {
        for (const s of started.reverse()) await s.close();
      },
    };
  } catch (error) {
    for (const s of started.reverse()) await s.close().catch(() => {});
    throw error;
  }
}
