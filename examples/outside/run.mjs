// Another team's project, outside this repository (docs/testing-integration.md, "Outside this repository"): packs
// the test stack as the guide says, makes a project in a temporary folder from project/ with a file: dependency on
// the tarball, installs it with no registry (--offline: everything is in the tarball) and runs its tests with node's
// own runner there. Nothing of the repository is reachable from that folder but the tarball.
// The devDependency on @backoffice/test-stack only orders the build (turbo builds the apps first); the project
// never resolves it.
import { execFile, spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packTestStack } from '../../packages/test-stack/scripts/pack.mjs';

const work = await mkdtemp(join(tmpdir(), 'backoffice-outside-'));
try {
  const tarball = await packTestStack(work);
  const project = join(work, 'project');
  await cp(fileURLToPath(new URL('./project/', import.meta.url)), project, { recursive: true });
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify(
      {
        name: 'otro-equipo-pruebas',
        private: true,
        type: 'module',
        scripts: { test: 'node --test --test-concurrency=1' },
        devDependencies: { '@backoffice/test-stack': `file:../${basename(tarball)}` },
      },
      null,
      2,
    )}\n`,
  );
  await promisify(execFile)('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: project,
    shell: process.platform === 'win32',
  });
  // The schema's TypeScript types, as a TypeScript project imports them (project/contract-types.ts): compiled
  // with this repository's TypeScript, the one tool the project borrows.
  const tsc = fileURLToPath(import.meta.resolve('typescript/bin/tsc'));
  await promisify(execFile)(process.execPath, [tsc, '-p', join(project, 'tsconfig.json')]).catch(
    (failure) => {
      throw new Error(
        `The schema's types do not compile in the project:\n${failure.stdout}${failure.stderr}`,
      );
    },
  );
  const code = await new Promise((resolve) => {
    const tests = spawn('npm', ['test'], {
      cwd: project,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    tests.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  process.exitCode = code;
} finally {
  await rm(work, { recursive: true, force: true });
}
