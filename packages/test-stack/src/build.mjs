#!/usr/bin/env node
// The build step of `npm run stack:test`: turbo builds what the stack serves (the stubs, the Keycloak emulator, the
// gateway and the packages they import; never the web app), one build at a time per checkout (build-lock.mjs): a
// second start waits for the first and then finds turbo's cache warm. Everything it prints goes to stderr (stdout
// is the stack's JSON line).
import { spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { withLock } from './build-lock.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
// The test stack's package and every package it depends on; more turbo options may follow (`--dry=json`, `--force`).
const args = [
  'run',
  'build',
  '--filter=@backoffice/test-stack...',
  '--output-logs=errors-only',
  ...process.argv.slice(2),
];
const cacheDir = fileURLToPath(new URL('../../../node_modules/.cache/', import.meta.url));

await mkdir(cacheDir, { recursive: true });
const code = await withLock(
  `${cacheDir}backoffice-test-stack-build.lock`,
  () =>
    new Promise((resolve, reject) => {
      const turbo = spawn('npx', ['turbo', ...args], {
        cwd: root,
        stdio: ['ignore', process.stderr, 'inherit'],
        shell: process.platform === 'win32',
      });
      turbo.once('error', reject);
      turbo.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
    }),
  {
    onWait: (pid) =>
      process.stderr.write(
        `Otro inicio del stack de pruebas (pid ${pid}) está compilando; esperando a que termine…\n`,
      ),
  },
);
process.exitCode = code;
