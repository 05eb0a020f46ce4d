#!/usr/bin/env node
// The test stack for projects outside this repository: `npm run --silent stack:pack -- <folder>` packs
// `@backoffice/test-stack` with `npm pack` into one tarball that installs with no registry at all and prints its
// path (docs/testing-integration.md, "Outside this repository"). The workspaces it runs (gateway, stubs, Keycloak
// emulator and the packages they import) are private, so the tarball bundles them, built, with every package they
// need at run time (bundleDependencies): `npm install ./backoffice-test-stack-1.0.0.tgz` fetches nothing.
// It carries the schema's version (packages/schema/package.json, CHANGELOG.md) and exports the contract: the SDL
// (`@backoffice/test-stack/schema.graphql`) and its TypeScript types (`@backoffice/test-stack/schema`).
// Layout of the package: the test stack's own files at their repository paths (packages/test-stack/src,
// scripts/stack.mjs, infra/keycloak/), so its relative paths hold; the workspaces and their dependencies in its
// node_modules, where `@backoffice/gateway` and the like resolve. The apps must be built first (stack:pack does it).
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const packageDir = join(root, 'packages', 'test-stack');
const schemaDir = join(root, 'packages', 'schema');

/** What the types of the schema map its scalars to: money and dates travel as strings (docs §6). */
const SCALARS = { DateTime: 'string', Decimal: 'string', JSON: 'unknown' };

/**
 * Writes the schema's TypeScript types to `target` (a .d.ts): graphql-codegen's `typescript` plugin, as the web's
 * own schema types, enums as string unions, so the file holds types only.
 */
async function writeSchemaTypes(schemaFile, target) {
  const { generate } = await import('@graphql-codegen/cli');
  await generate(
    {
      schema: schemaFile,
      silent: true,
      generates: {
        [target]: {
          plugins: ['typescript'],
          config: { scalars: SCALARS, enumsAsTypes: true, useTypeImports: true },
        },
      },
    },
    true,
  );
}

/** The test stack's own files, at their repository paths: its sources (no tests), the stack it starts, the realm. */
const OWN_FILES = [
  'scripts/stack.mjs',
  'scripts/stack.d.mts',
  'infra/keycloak/realm-back-office.json',
  'infra/keycloak/dev/back-office-tests.partial-import.json',
];
/** The contract's history, which the schema's description points to: what each version changed, and each release. */
const CONTRACT_FILES = ['CHANGELOG.md', 'released'];
const SCHEMA_PATH = 'packages/schema';
/**
 * What a workspace package needs at run time: its build and the files its build reads (the schema's SDL, and the
 * previous majors' the gateway still serves).
 */
const WORKSPACE_FILES = ['package.json', 'dist', 'schema.graphql', 'majors'];

const exists = (path) =>
  stat(path).then(
    () => true,
    () => false,
  );
const readJson = async (path) => JSON.parse(await readFile(path, 'utf8'));

/**
 * Whether a file of an installed package goes into the tarball: not its own node_modules (the packages of the
 * closure in it are copied on their own, only those it needs), and nothing a run never reads (types, source maps,
 * sources, docs but the licence, dotfiles, CI files): half the files, and npm pack's time goes with the count.
 */
const runtimeFile = (path) => {
  const parts = path.split(sep);
  const name = parts.at(-1);
  if (parts.includes('node_modules') || name.startsWith('.')) return false;
  return !/\.(map|md|markdown|ts|mts|cts|ya?ml)$/i.test(name) || /^licen[cs]e/i.test(name);
};

/** The folder node resolves package `name` to from `fromDir` (node_modules upwards), or undefined. */
async function packageFolder(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (await exists(join(candidate, 'package.json'))) return realpath(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * Every package the test stack needs at run time (dependencies and optional ones, transitively), by real folder.
 * @returns {Promise<Map<string, { name: string, version: string }>>}
 */
async function runtimeClosure() {
  const found = new Map();
  const visit = async (dir) => {
    if (found.has(dir)) return;
    const manifest = await readJson(join(dir, 'package.json'));
    found.set(dir, { name: manifest.name, version: manifest.version });
    const names = Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies });
    for (const name of names) {
      const folder = await packageFolder(name, dir);
      if (folder) await visit(folder);
      else if (!manifest.optionalDependencies?.[name]) {
        throw new Error(`${manifest.name} necesita ${name}, que no está instalado: ejecute npm ci`);
      }
    }
  };
  await visit(await realpath(packageDir));
  found.delete(await realpath(packageDir));
  return found;
}

/**
 * The real folder of `rootDir`'s node_modules: a node_modules that is a symbolic link (a CI cache, a shared store)
 * holds the packages whose real folders the closure lists, so they are compared with its real path.
 * @param {string} rootDir
 */
export const modulesFolder = (rootDir) => realpath(join(rootDir, 'node_modules'));

/**
 * Where a package of the closure sits inside the real node_modules (`graphql`, `@apollo/server`,
 * `a/node_modules/b`), or null for a workspace (its real folder is elsewhere in the repository).
 * @param {string} dir the package's real folder
 * @param {string} modules the real node_modules folder (modulesFolder)
 */
export function installedPath(dir, modules) {
  const installed = relative(modules, dir);
  return installed && !installed.startsWith('..') && !installed.startsWith(sep) ? installed : null;
}

/** Copies the closure into `staging/node_modules`: installed packages where they are, workspaces by name. */
async function copyClosure(closure, staging) {
  const topLevel = {};
  const modules = await modulesFolder(root);
  for (const [dir, { name, version }] of closure) {
    const installed = installedPath(dir, modules);
    if (installed !== null) {
      const target = join(staging, 'node_modules', installed);
      // Its own node_modules are packages of the closure too, copied on their own (only those it needs).
      await cp(dir, target, { recursive: true, filter: (source) => runtimeFile(relative(dir, source)) });
      if (!installed.includes(`${sep}node_modules${sep}`)) topLevel[name] = version;
    } else {
      const target = join(staging, 'node_modules', name);
      for (const file of WORKSPACE_FILES) {
        if (!(await exists(join(dir, file)))) continue;
        if (file === 'dist' && !(await exists(join(dir, 'dist', 'index.js')))) {
          throw new Error(`${name} no está compilado: ejecute npm run build`);
        }
        await cp(join(dir, file), join(target, file), {
          recursive: true,
          filter: (source) => !source.endsWith('.map'),
        });
      }
      topLevel[name] = version;
    }
  }
  return topLevel;
}

/**
 * Packs the test stack into `destination` (created if missing) and returns the tarball's path.
 * @param {string} destination
 */
export async function packTestStack(destination) {
  await mkdir(destination, { recursive: true });
  const staging = await mkdtemp(join(tmpdir(), 'test-stack-pack-'));
  try {
    await cp(join(packageDir, 'src'), join(staging, 'packages', 'test-stack', 'src'), {
      recursive: true,
      filter: (source) => !/\.test\.ts$|test-processes\.ts$/.test(source),
    });
    for (const file of OWN_FILES) await cp(join(root, file), join(staging, file));
    // The contract: the schema's SDL and its types, at the package's root; its changelog and released snapshots
    // where the schema's description names them (packages/schema/CHANGELOG.md).
    await cp(join(schemaDir, 'schema.graphql'), join(staging, 'schema.graphql'));
    for (const file of CONTRACT_FILES)
      await cp(join(schemaDir, file), join(staging, SCHEMA_PATH, file), { recursive: true });
    await writeSchemaTypes(join(schemaDir, 'schema.graphql'), join(staging, 'schema.d.ts'));
    const dependencies = await copyClosure(await runtimeClosure(), staging);
    const manifest = await readJson(join(packageDir, 'package.json'));
    const { version } = await readJson(join(schemaDir, 'package.json'));
    const prefix = './packages/test-stack/';
    const entry = (path) => prefix + path.replace(/^\.\//, '');
    await writeFile(
      join(staging, 'package.json'),
      `${JSON.stringify(
        {
          name: manifest.name,
          // The schema's version: the tarball is the contract it serves (backoffice-test-stack-1.0.0.tgz).
          version,
          type: 'module',
          engines: manifest.engines,
          description: manifest.description,
          exports: {
            '.': { types: entry(manifest.exports['.'].types), default: entry(manifest.exports['.'].default) },
            './schema.graphql': './schema.graphql',
            './schema': { types: './schema.d.ts' },
            './CHANGELOG.md': `./${SCHEMA_PATH}/CHANGELOG.md`,
            './released/*': `./${SCHEMA_PATH}/released/*`,
            './package.json': './package.json',
          },
          bin: Object.fromEntries(Object.entries(manifest.bin).map(([name, path]) => [name, entry(path)])),
          dependencies,
          bundleDependencies: Object.keys(dependencies),
        },
        null,
        2,
      )}\n`,
    );
    const { stdout } = await promisify(execFile)(
      'npm',
      ['pack', '--json', '--pack-destination', resolve(destination)],
      { cwd: staging, maxBuffer: 256 * 1024 * 1024, shell: process.platform === 'win32' },
    );
    const [{ filename }] = JSON.parse(stdout);
    return join(resolve(destination), filename);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && (await realpath(process.argv[1])) === fileURLToPath(import.meta.url)) {
  const tarball = await packTestStack(process.argv[2] ?? process.cwd());
  process.stdout.write(`${tarball}\n`);
}
