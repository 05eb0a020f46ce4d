/**
 * The embedded store's starting point: an empty database with every migration applied, made once at build time
 * (`npm run build -w @backoffice/store`) and loaded by PGlite instead of running initdb. Creating a database takes
 * PGlite 4–7 s of CPU (much of it on the event loop the gateway serves from); loading this copy takes about one.
 * Migrations still run at open, so a template older than the code is brought up to date like any database.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { LOCK_FILE } from './data-dir-lock.js';
import type { Database } from './schema.js';

/** The version of the installed PGlite: a template is only loaded by the PGlite that wrote it. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let folder = dirname(entry);
  while (!existsSync(join(folder, 'package.json'))) folder = dirname(folder);
  return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where the build writes the template for this PGlite (from src/ and dist/ alike). */
export function defaultTemplateFile(version = pgliteVersion()): string {
  return fileURLToPath(new URL(`../dist/embedded-template/pglite-${version}.tar.gz`, import.meta.url));
}

/** Whether the embedded store lives in memory (`memory://`, the default) rather than in a data folder. */
export const isMemoryDataDir = (dataDir: string | undefined): boolean =>
  (dataDir ?? 'memory://').startsWith('memory://');

/**
 * Whether a data folder holds nothing yet (a new store): only then may it start from the template. The folder's
 * lock (data-dir-lock.ts), taken before the store opens, does not count.
 */
function isNewDataDir(dataDir: string): boolean {
  if (isMemoryDataDir(dataDir)) return true;
  return !existsSync(dataDir) || readdirSync(dataDir).every((name) => name === LOCK_FILE);
}

/**
 * The template to start a store in `dataDir` from, as the tarball PGlite loads: when the folder is new and the file
 * exists (written by this PGlite: its version is in the name) and is whole. Else undefined: PGlite then creates
 * the database itself. The file is unpacked here, not by PGlite, because PGlite's own gunzip stream has no error
 * handler: a cut or damaged file would stop the process instead of being skipped. Read and unpacked off the event
 * loop: the gateway already serves while its store opens.
 */
export async function templateFor(
  dataDir: string,
  file: string | false = defaultTemplateFile(),
): Promise<Blob | undefined> {
  if (file === false || !isNewDataDir(dataDir) || !existsSync(file)) return undefined;
  try {
    const tarball = await promisify(gunzip)(await readFile(file));
    return new Blob([new Uint8Array(tarball)], { type: 'application/x-tar' });
  } catch {
    return undefined; // damaged: ignored, as if there were none
  }
}

/**
 * Writes the template: a new in-memory database, every migration of `migrate`, dumped as a gzip tarball to `file`.
 * The build runs it; the migrations are passed in (open.ts owns them) to keep this module free of a cycle.
 */
export async function writeEmbeddedTemplate(
  migrate: (db: Kysely<Database>) => Promise<string[]>,
  file: string = defaultTemplateFile(),
): Promise<string[]> {
  const pglite = new PGlite('memory://');
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    const applied = await migrate(db);
    const dump = await pglite.dumpDataDir('gzip');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    return applied;
  } finally {
    await db.destroy();
  }
}
