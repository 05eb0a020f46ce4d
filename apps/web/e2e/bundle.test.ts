import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Size budgets of the production build (apps/web/dist, built by `npm run build`). KiB of gzip. */
const BUDGET = {
  /** What the browser runs before the SSO check answers: keycloak-js and the start-up logic. */
  entry: 20,
  /**
   * Entry plus the signed-in shell (React, router, the MUI pieces the shell renders, `me` by fetch), loaded in
   * parallel with the SSO check. Apollo Client comes with the screens (app/data-layer.tsx). The first target was
   * 200; the global search button, its shortcuts and the Actividad menu group took it to 200.1 (docs/decisions.md,
   * "The shell's budget"), and the menus on first use and MUI without CSS variables to 188.1: held at the next
   * target, 192.4, until the sign-out heard by every tab, the first queries of three more lists sent on navigation
   * and a refusal's code shown without a chunk to wait for added 0.4 (docs/decisions.md, "The shell's budget"). The
   * 'Aprobaciones' menu group (four eyes on money) added 0.45: its icon (0.12) and its rule, the 35 money permissions
   * the gateway's `approvalRequests` asks, which the menu reads before anything else loads (app/routes.ts). The
   * side menu docked without MUI's Drawer (its modal variant a chunk of its own) took 5.5 off: held at 188.3.
   */
  shell: 188.3,
  /** The first visit to /pagos: the shell, Buscar Pagos' screen and its static imports. */
  pagos: 473.5,
};

/** Every feature (a folder of `src/features/`) with GraphQL documents (codegen's `gql/`): they load with its screens only. */
const FEATURES_WITH_DOCUMENTS = readdirSync(fileURLToPath(new URL('../src/features/', import.meta.url)), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) =>
    existsSync(fileURLToPath(new URL(`../src/features/${name}/gql/graphql.ts`, import.meta.url))),
  );

const dist = process.env.WEB_DIST_DIR
  ? `${process.env.WEB_DIST_DIR.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../dist/', import.meta.url));
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; src?: string };
/** The key of the chunk that loads a source module, and the first visit to a route, as the bench reads them (bench/lib/web.mjs). */
const { analyzeBundle, manifestKeyOf } = (await import(
  new URL('../../../bench/lib/web.mjs', import.meta.url).href
)) as {
  analyzeBundle: (dist: string) => { routeGzipKib: (src: string) => number };
  manifestKeyOf: (manifest: Record<string, Chunk>, src: string) => string;
};

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
  /**
   * The entry's dynamic imports are the application it starts in parallel with the SSO check, and the small module
   * that sends the address's first query before it (app/first-request.ts).
   */
  const startedByEntry = manifest['index.html']?.dynamicImports ?? [];
  const shell = new Set(entry);
  for (const key of startedByEntry) closure(key, shell);
  /** The source files bundled into `file` (from its source map; Rolldown's runtime chunk has none). */
  const sourcesOf = (file: string) =>
    existsSync(`${dist}${file}.map`)
      ? (JSON.parse(readFileSync(`${dist}${file}.map`, 'utf8')) as { sources: string[] }).sources
      : [];
  /** What loading the chunk `key` downloads beyond the shell: its file and its static imports, transitively. */
  const beyondShell = (key: string) => {
    const files = closure(key);
    for (const file of shell) files.delete(file);
    return files;
  };
  return { manifest, closure, entry, shell, startedByEntry, gzipKiB, sourcesOf, beyondShell };
}

describe('production bundle', () => {
  it('exists (run `npm run build` first)', () => {
    expect(existsSync(`${dist}.vite/manifest.json`)).toBe(true);
  });

  it(`keeps the entry within ${BUDGET.entry} KiB and the signed-in shell within ${BUDGET.shell} KiB (gzip)`, () => {
    const { entry, shell, startedByEntry, gzipKiB } = load();
    expect([...startedByEntry].sort()).toEqual(['src/app/app.tsx', 'src/app/first-request.ts']);
    expect(shell.size).toBeGreaterThan(entry.size);
    const sizes = { entry: gzipKiB(entry), shell: gzipKiB(shell) };
    console.log(`bundle gzip KiB: entry ${sizes.entry.toFixed(1)}, shell ${sizes.shell.toFixed(1)}`);
    expect(sizes.entry).toBeLessThanOrEqual(BUDGET.entry);
    expect(sizes.shell).toBeLessThanOrEqual(BUDGET.shell);
  });

  it(`keeps the first visit to /pagos within ${BUDGET.pagos} KiB (gzip), as the bench counts it (bench/lib/web.mjs)`, () => {
    const pagos = analyzeBundle(dist).routeGzipKib(
      'src/features/payments/screens/payments-search-screen.tsx',
    );
    console.log(`bundle gzip KiB: first visit to /pagos ${pagos.toFixed(1)}`);
    expect(pagos).toBeLessThanOrEqual(BUDGET.pagos);
  });

  it('loads the DataGrid, the date pickers, Apollo Client and the feature screens only on demand', () => {
    const { shell, sourcesOf } = load();
    const sources = [...shell].flatMap(sourcesOf);
    const lazyOnly = sources.filter(
      (s) =>
        /@mui\/x-data-grid\//.test(s) ||
        /@mui\/x-date-pickers\//.test(s) ||
        /\/dayjs\//.test(s) ||
        /src\/features\//.test(s) ||
        /@apollo\/client\/(?!errors\/)/.test(s) ||
        /\/node_modules\/(graphql|rxjs)\//.test(s) ||
        /src\/(?!app\/|lib\/).*\/gql\//.test(s),
    );
    expect(lazyOnly).toEqual([]);
  });

  it('bundles no MUI theming with CSS variables (the theme is a plain palette one: vite.config.ts)', () => {
    const { manifest, sourcesOf } = load();
    const files = [...new Set(Object.values(manifest).map((chunk) => chunk.file))];
    const sources = files.filter((file) => file.endsWith('.js')).flatMap(sourcesOf);
    expect(
      sources.filter((s) => /styles\/(createThemeWithVars|ThemeProviderWithVars)\.js$|\/cssVars\//.test(s)),
    ).toEqual([]);
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
    const { manifest, shell, sourcesOf } = load();
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

  /**
   * A list's definition (`<list>.definition.ts`: its route and filter codec), the one module of an area another area
   * imports, to link into the list (eslint.config.js): it belongs to no area's chunk.
   */
  const LIST_DEFINITION = /src\/features\/[^/]+\/(?:.+\/)?[^/]+\.definition\.ts$/;
  /** The feature (`src/features/<area>/`) of each source a chunk bundles, list definitions aside unless `withDefinitions`. */
  const areasOf = (sources: string[], withDefinitions = false) =>
    new Set(
      sources
        .filter((s) => withDefinitions || !LIST_DEFINITION.test(s))
        .flatMap((s) => /src\/features\/([^/]+)\//.exec(s)?.[1] ?? []),
    );
  const areaNames = () => new Set(readdirSync(fileURLToPath(new URL('../src/features/', import.meta.url))));
  /** `assets/data-grid-AbC1234.js` → `data-grid`. */
  const chunkName = (file: string) => file.replace(/^assets\//, '').replace(/-[\w-]{7}\.js$/, '');

  it('never lets an area chunk import another area’s chunk, nor names shared code after an area', () => {
    const { manifest, sourcesOf } = load();
    const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
    const jsFiles = [...byFile.keys()].filter((file) => file.endsWith('.js'));
    const areas = new Map(jsFiles.map((file) => [file, areasOf(sourcesOf(file))]));
    const known = areaNames();
    const mixed = jsFiles.filter((file) => areas.get(file)!.size > 1);
    expect(mixed).toEqual([]);
    // A chunk named like an area holds that area's code, never shared code it happened to import first (the
    // validators once sat in an `afip-*` chunk that /pagos loaded).
    const misnamed = jsFiles.filter((file) => {
      const area = chunkName(file).split('-')[0]!;
      return known.has(area) && !areasOf(sourcesOf(file), true).has(area);
    });
    expect(misnamed).toEqual([]);
    const crossings: string[] = [];
    for (const file of jsFiles) {
      const [own] = [...areas.get(file)!];
      if (!own) continue;
      const seen = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key] ?? byFile.get(key);
        if (!chunk || seen.has(chunk.file)) return;
        seen.add(chunk.file);
        for (const other of areas.get(chunk.file) ?? []) {
          if (other !== own) crossings.push(`${file} (${own}) → ${chunk.file} (${other})`);
        }
        for (const dep of chunk.imports ?? []) visit(dep);
      };
      visit(file);
    }
    expect(crossings).toEqual([]);
  });

  it("loads a list's definition, which other areas import to link into the list, without any area's code, screens or documents", () => {
    const { manifest, beyondShell, sourcesOf } = load();
    const files = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) =>
      file.endsWith('.js'),
    );
    const holders = files.filter((file) => sourcesOf(file).some((s) => LIST_DEFINITION.test(s)));
    // The linked lists (app/__tests__/list-links.test.ts), each definition in a chunk its importers share (with the
    // shared code they all import: /actividad's with the activity cells its screen and every detail's section show).
    expect(holders.length).toBeGreaterThanOrEqual(9);
    for (const holder of holders) {
      const key = Object.keys(manifest).find((k) => manifest[k]!.file === holder)!;
      const sources = [...beyondShell(key)].flatMap(sourcesOf);
      expect(
        sources.filter(
          (s) => (/src\/features\//.test(s) && !LIST_DEFINITION.test(s)) || /\/gql\/|\/screens\//.test(s),
        ),
        holder,
      ).toEqual([]);
    }
  });

  it('loads the DataGrid without the MUI components of its Pro slots (Switch, Tabs, ToggleButton: vite.config.ts), nor the parts DataTable turns off (column menu, toolbar, filter and columns panels, badges)', () => {
    const { manifest, closure, sourcesOf } = load();
    const grid = Object.keys(manifest).find((key) =>
      sourcesOf(manifest[key]!.file).some((s) => /@mui\/x-data-grid\/DataGrid\//.test(s)),
    );
    expect(grid).toBeDefined();
    const sources = [...closure(grid!)].flatMap(sourcesOf);
    expect(
      sources.filter((s) => /@mui\/material\/esm\/(Switch|Tabs|Tab|ToggleButton|Badge)\//.test(s)),
    ).toEqual([]);
    expect(
      sources.filter((s) =>
        /@mui\/x-data-grid\/components\/(menu\/columnMenu\/GridColumnMenu|toolbarV8\/GridToolbar|panel\/filterPanel\/GridFilterPanel|panel\/GridColumnsPanel|columnsManagement\/GridColumnsManagement)\./.test(
          s,
        ),
      ),
    ).toEqual([]);
  });

  it('shares one DataGrid chunk between the areas, outside every area chunk', () => {
    const { manifest, sourcesOf } = load();
    const grids = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter(
      (file) => file.endsWith('.js') && sourcesOf(file).some((s) => /@mui\/x-data-grid\//.test(s)),
    );
    expect(grids).toHaveLength(1);
    expect(areasOf(sourcesOf(grids[0]!))).toEqual(new Set());
    const closureOf = (src: string) => {
      const files = new Set<string>();
      const visit = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || files.has(chunk.file)) return;
        files.add(chunk.file);
        for (const dep of chunk.imports ?? []) visit(dep);
      };
      visit(manifestKeyOf(manifest, src));
      return files;
    };
    for (const screen of [
      'src/features/payments/screens/payments-search-screen.tsx',
      'src/features/withdrawals/screens/withdraws-screen.tsx',
      'src/features/subscriptions/screens/subscriptions-search-screen.tsx',
    ]) {
      expect(closureOf(screen).has(grids[0]!), screen).toBe(true);
    }
  });

  it.each([
    'src/features/payments/screens/payments-search-screen.tsx',
    'src/features/subscriptions/screens/subscriptions-search-screen.tsx',
    'src/features/withdrawals/screens/withdraws-screen.tsx',
  ])('loads %s without its flow dialogs, formik or yup (they come after the list)', (screen) => {
    const { manifest, beyondShell, sourcesOf } = load();
    const files = beyondShell(manifestKeyOf(manifest, screen));
    expect(files.size).toBeGreaterThan(1);
    const sources = [...files].flatMap(sourcesOf);
    expect(
      sources.filter((s) =>
        /formik|\/yup\/|bulk-flow-dialogs|-action-dialogs|withdrawal-flow-dialogs|flow-inputs/.test(s),
      ),
    ).toEqual([]);
  });

  it.each([
    [
      'payments',
      'src/features/payments/payments-preload.ts',
      'src/features/payments/screens/payments-search-screen.tsx',
    ],
    [
      'withdrawals',
      'src/features/withdrawals/withdraws-preload.ts',
      'src/features/withdrawals/screens/withdraws-screen.tsx',
    ],
    [
      'subscriptions',
      'src/features/subscriptions/subscriptions-preload.ts',
      'src/features/subscriptions/screens/subscriptions-search-screen.tsx',
    ],
  ])('loads the %s list preload without the screen, the grid or the dialogs', (_area, preload, screen) => {
    const { manifest, beyondShell, closure, gzipKiB, sourcesOf } = load();
    expect(manifest[preload], preload).toBeDefined();
    // Its chunks never import the app's own chunk (loaded by then): when they did (the storage helpers that the kept
    // styles share with the lists), the list query left about 40 ms later on a repeat visit (bench/README.md).
    expect(closure(preload).has(manifest['src/app/app.tsx']!.file)).toBe(false);
    const files = beyondShell(preload);
    expect(files.has(manifest[manifestKeyOf(manifest, screen)]!.file)).toBe(false);
    const sources = [...files].flatMap(sourcesOf);
    expect(
      sources.filter((s) => /\/screens\/|x-data-grid|\/components\/(dialogs|data-table)\/|formik/.test(s)),
    ).toEqual([]);
    console.log(`preload ${preload}: ${gzipKiB(files).toFixed(1)} KiB gzip beyond the shell`);
    expect(gzipKiB(files)).toBeLessThan(40);
  });
});
