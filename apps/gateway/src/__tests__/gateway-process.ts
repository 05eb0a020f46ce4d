/**
 * The gateway as its own process (main.ts: OpenTelemetry, the server, the signal handlers), for the tests where
 * what matters is the process: that it stops gracefully, or that nothing a client sends stops it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const GATEWAY_DIR = fileURLToPath(new URL('../../', import.meta.url));

export interface GatewayProcess {
  child: ChildProcess;
  /** Base URL, once it listens. */
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its exit code (null: killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * Starts `node <args>` in apps/gateway with `env` on top of this process's environment; resolves once it prints
 * the address it listens on, rejects if it exits before. `onSpawn` gets the child at once (for the test's
 * afterAll to kill it whatever happens).
 */
export function startGatewayProcess(
  args: string[],
  env: Record<string, string>,
  onSpawn: (child: ChildProcess) => void,
  { ipc = false }: { ipc?: boolean } = {},
): Promise<GatewayProcess> {
  const child = spawn(process.execPath, args, {
    cwd: GATEWAY_DIR,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', GRAPHQL_SANDBOX: 'false', ...env },
    // `ipc`: the channel scripts/stack.mjs gives it, by which it knows its parent is gone (run.ts).
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
  });
  onSpawn(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = /Gateway GraphQL en (http:\/\/\S+)\/graphql/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', check);
    void exited.then((code) =>
      reject(new Error(`the gateway exited (${code}) before listening:\n${output}`)),
    );
  });
  return url.then((u) => ({ child, url: u, output: () => output, exited }));
}

const BUILT_MAIN = join(GATEWAY_DIR, 'dist/main.js');
const SKIPPED = new Set(['__tests__', 'ui']);

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) newest = Math.max(newest, newestSource(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** Compiles the gateway to dist/ (`tsgo -p tsconfig.build.json`, as `npm run build`) when a source is newer. */
export async function ensureGatewayBuild(): Promise<void> {
  let built = 0;
  try {
    built = statSync(BUILT_MAIN).mtimeMs;
  } catch {
    /* not built */
  }
  if (built >= newestSource(join(GATEWAY_DIR, 'src'))) return;
  const tsgo = createRequire(import.meta.url).resolve('@backoffice/tsgo/bin/tsgo.mjs');
  await promisify(execFile)(process.execPath, [tsgo, '-p', 'tsconfig.build.json'], { cwd: GATEWAY_DIR });
}

/** Where a gateway process finds the services and Keycloak (the shared stubs and emulator). */
export interface GatewayStack {
  stubsUrl: string;
  issuer: string;
  jwksUrl: string;
}

const stackEnv = (stack: GatewayStack, logLevel: string) => ({
  NODE_ENV: 'development',
  LOG_LEVEL: logLevel,
  STUBS_URL: stack.stubsUrl,
  KEYCLOAK_ISSUER: stack.issuer,
  KEYCLOAK_JWKS_URL: stack.jwksUrl,
});

/**
 * The gateway's sources run by tsx (no build) as their own process, on the shared stubs and emulator, logging at info;
 * `env` on top (a test's own settings).
 */
export const startSourceGateway = (
  stack: GatewayStack,
  env: Record<string, string>,
  onSpawn: (child: ChildProcess) => void,
): Promise<GatewayProcess> =>
  startGatewayProcess(['--import', 'tsx', 'src/main.ts'], { ...stackEnv(stack, 'info'), ...env }, onSpawn);

/**
 * The built gateway (dist/main.js: call ensureGatewayBuild first) as its own process, on the shared stubs and
 * emulator, logging warnings only; `env` on top.
 */
export const startBuiltGateway = (
  stack: GatewayStack,
  env: Record<string, string>,
  onSpawn: (child: ChildProcess) => void,
): Promise<GatewayProcess> =>
  startGatewayProcess(['dist/main.js'], { ...stackEnv(stack, 'warn'), ...env }, onSpawn);
