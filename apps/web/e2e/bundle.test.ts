import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Size budgets of the production build (apps/web/dist, built by `npm run build`). KiB of gzip. */
const BUDGET = {
  /** What the browser runs before the SSO check answers: keycloak-js and the start-up logic. */
  entry: 20,
  /** Entry plus the signed-in shell (React, router, MUI shell, Apollo), loaded in parallel with the SSO check. */
  shell: 280,
};

/** Features whose GraphQL documents (codegen's `features/<name>/gql/`) must load with their screens only. */
const FEATURES_WITH_DOCUMENTS = [
  'payments',
  'notifications',
  'subscriptions',
  'payers',
  'collectors',
  'batches',
  'imports',
  'transfers',
  'exports',
  'afip',
  'softprovider',
  'bins',
];

const dist = process.env.WEB_DIST_DIR
  ? `${process.env.WEB_DIST_DIR.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../dist/', import.meta.url));
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string };

function load() {
  const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<string, Chunk>;
  /** Files loaded for a chunk: itself and its static imports, transitively. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, seen);
    return seen;
  };
  const gzipKiB = (files: Set<string>) =>
    [...files].reduce((sum, file) => sum + gzipSync(readFileSync(`${dist}${file}`)).length, 0) / 1024;
  const entry = closure('index.html');
  /** The entry's dynamic imports are the application it starts in parallel with the SSO check. */
  const startedByEntry = manifest['index.html']?.dynamicImports ?? [];
  const shell = new Set(entry);
  for (const key of startedByEntry) closure(key, shell);
  /** The source files bundled into `file` (from its source map). */
  const sourcesOf = (file: string) =>
    (JSON.parse(readFileSync(`${dist}${file}.map`, 'utf8')) as { sources: string[] }).sources;
  return { manifest, entry, shell, startedByEntry, gzipKiB, sourcesOf };
}

describe('production bundle', () => {
  it('exists (run `npm run build` first)', () => {
    expect(existsSync(`${dist}.vite/manifest.json`)).toBe(true);
  });

  it(`keeps the entry within ${BUDGET.entry} KiB and the signed-in shell within ${BUDGET.shell} KiB (gzip)`, () => {
    const { entry, shell, startedByEntry, gzipKiB } = load();
    expect(startedByEntry).toHaveLength(1);
    expect(shell.size).toBeGreaterThan(entry.size);
    const sizes = { entry: gzipKiB(entry), shell: gzipKiB(shell) };
    console.log(`bundle gzip KiB: entry ${sizes.entry.toFixed(1)}, shell ${sizes.shell.toFixed(1)}`);
    expect(sizes.entry).toBeLessThanOrEqual(BUDGET.entry);
    expect(sizes.shell).toBeLessThanOrEqual(BUDGET.shell);
  });

  it('loads the DataGrid, the date pickers and the feature screens only on demand', () => {
    const { shell, sourcesOf } = load();
    const sources = [...shell].flatMap(sourcesOf);
    const lazyOnly = sources.filter(
      (s) =>
        /@mui\/x-data-grid\//.test(s) ||
        /@mui\/x-date-pickers\/(?!LocalizationProvider|AdapterDayjs|locales|internals\/hooks\/useUtils|node_modules)/.test(
          s,
        ) ||
        /src\/features\//.test(s) ||
        /src\/(?!app\/|lib\/).*\/gql\//.test(s),
    );
    expect(lazyOnly).toEqual([]);
  });

  it.each(FEATURES_WITH_DOCUMENTS)(
    'bundles the %s documents in lazy chunks, outside the shell',
    (feature) => {
      const { manifest, shell, sourcesOf } = load();
      const documents = new RegExp(`src/features/${feature}/gql/graphql\\.ts$`);
      const holders = Object.values(manifest)
        .map((chunk) => chunk.file)
        .filter((file) => file.endsWith('.js') && sourcesOf(file).some((s) => documents.test(s)));
      expect(holders.length).toBeGreaterThan(0);
      expect(holders.filter((file) => shell.has(file))).toEqual([]);
    },
  );

  it('keeps the subscriptions screens and their generated documents in their own chunks, outside the shell', () => {
    const { manifest, shell } = load();
    const sourcesOf = (file: string) =>
      (JSON.parse(readFileSync(`${dist}${file}.map`, 'utf8')) as { sources: string[] }).sources;
    const shellSources = [...shell].flatMap(sourcesOf);
    expect(shellSources.filter((s) => /src\/features\/subscriptions\//.test(s))).toEqual([]);
    const lazy = Object.values(manifest).filter(
      (chunk) => !shell.has(chunk.file) && chunk.file.endsWith('.js'),
    );
    const documents = lazy.filter((chunk) =>
      sourcesOf(chunk.file).some((s) => /src\/features\/subscriptions\/gql\//.test(s)),
    );
    expect(documents.length).toBeGreaterThan(0);
  });
});
