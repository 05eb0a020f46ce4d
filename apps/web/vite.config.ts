import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { renderConfigScript } from './server/config-script.js';

/** Dev server: serves /config.js like the production server does (server/index.ts). */
function runtimeConfig(): Plugin {
  return {
    name: 'backoffice-runtime-config',
    configureServer(server) {
      server.middlewares.use('/config.js', (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end(
          renderConfigScript({
            gatewayUrl: process.env.GATEWAY_URL ?? 'http://localhost:4000/graphql',
            keycloakUrl: process.env.KEYCLOAK_URL ?? 'http://localhost:8080',
            realm: process.env.KEYCLOAK_REALM ?? 'back-office',
            clientId: process.env.KEYCLOAK_CLIENT_ID ?? 'back-office-web',
          }),
        );
      });
    },
  };
}

/** `@/` is `apps/web/src` (tsconfig.json `paths`, vitest.config.ts and the lint resolver say the same). */
export const SRC_ALIAS = [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }];

type ChunkGraph = {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): Rolldown.ModuleInfo | null;
};

/** Libraries every signed-in visit runs: long-lived chunks of their own (React, Apollo, the router, keycloak-js). */
const VENDOR_CHUNKS: readonly (readonly [RegExp, string])[] = [
  [/\/node_modules\/(react|react-dom|scheduler)\//, 'react'],
  // Apollo's error classes alone: the shell tells its errors apart with them (lib/errors.ts) without loading
  // Apollo Client, which comes with the screens (app/data-layer.tsx).
  [/\/node_modules\/@apollo\/client\/errors\//, 'apollo-errors'],
  [/\/node_modules\/(@apollo|graphql|rxjs|@wry|optimism|tslib|@graphql-typed-document-node)\//, 'apollo'],
  [/\/node_modules\/(react-router|cookie|set-cookie-parser)\//, 'router'],
  [/\/node_modules\/keycloak-js\//, 'keycloak'],
];

/**
 * The browser storages' helpers (src/lib/web-storage.ts), which the start-up (the kept styles) and the lists'
 * preloads (their kept state) both import: a chunk of their own. Left to Rolldown they went into the app's chunk,
 * and the preloads' chunks then imported the app's chunk: the list query left about 40 ms later on a repeat visit
 * (bench/history.md, "the styles kept in the browser").
 */
const WEB_STORAGE = /\/apps\/web\/src\/lib\/web-storage\.ts$/;

/**
 * yup with the validators' common form modules, shared by every area's forms: one `validators` chunk,
 * named after what it is (it used to be named after the first area that happened to import it, `afip-*`, and held
 * every area's rules). The per-area rules of `@backoffice/validators` stay with the areas that use them: the
 * package is side-effect free (see `treeshake` below). A named group must be self-contained: Rollup adds a named
 * chunk's unassigned dependencies to it, so a group reaching MUI or React helpers would drag what the shell or
 * other screens need along; formik, the DataGrid and the date pickers are therefore left to Rollup, which already
 * gives each of them a chunk of its own (`formik.esm-*`, `data-table-*`, `DatePicker-*`).
 */
const VALIDATORS =
  /\/node_modules\/(yup|property-expr|tiny-case|toposort)\/|\/packages\/validators\/(dist|src)\/(locale|yup-helpers|numbers|amount)\./;

/**
 * Money and the validators' plain helpers (decimal.js-light, `money`, `messages`, `text`, `limits`, `amount-text`): what lists
 * format amounts and read inputs with, without yup, so a screen that shows amounts loads yup only with its forms.
 */
const MONEY =
  /\/node_modules\/decimal\.js-light\/|\/packages\/validators\/(dist|src)\/(messages|text|limits|money|amount-text)\./;

/** The areas: the folders of `src/features/`. */
const AREAS = new Set(
  readdirSync(fileURLToPath(new URL('./src/features/', import.meta.url)), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
);

/** Any module of a feature (`src/features/<area>/`). */
const FEATURES = /\/apps\/web\/src\/features\//;

/**
 * A feature's generated documents (`features/<area>/gql/graphql.ts`): their own chunk, which a route's preload loads
 * alone. Not the operations' texts beside them (`gql/operation-texts.ts`): a route's early request loads its one text
 * with its preload, without the documents (app/first-request.ts).
 */
const FEATURE_DOCUMENTS = /\/src\/features\/([^/]+)\/gql\/graphql\.ts$/;

/**
 * The modules every visit runs before a screen: the entry (`src/main.tsx`), what it starts at once
 * (`import('./app/app')`, loaded while keycloak-js checks the session) and their static imports. From the module
 * graph, so it follows the code.
 */
function startupModules(graph: ChunkGraph): Set<string> {
  const closure = (roots: readonly string[], into: Set<string>) => {
    const visit = (id: string) => {
      if (into.has(id)) return;
      into.add(id);
      for (const dep of graph.getModuleInfo(id)?.importedIds ?? []) visit(dep);
    };
    roots.forEach(visit);
    return into;
  };
  const entries = [...graph.getModuleIds()].filter((id) => graph.getModuleInfo(id)?.isEntry);
  const startup = closure(entries, new Set());
  const started = [...startup].flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
  return closure(started, startup);
}

/** The start-up modules of the current build, read from the module graph when the build ends (`startupGraph`). */
let startup = new Set<string>();

/**
 * Reads the start-up modules once the module graph is complete, before Rolldown lays out the chunks (Rolldown's
 * chunking functions see one module at a time, without Rollup's `getModuleIds`).
 */
function startupGraph(): Plugin {
  return {
    name: 'backoffice-startup-modules',
    apply: 'build',
    buildEnd() {
      startup = startupModules(this);
    },
  };
}

/** A library module's import that the app never reaches, replaced at build time by a stand-in that throws. */
interface CutImport {
  file: RegExp;
  /** The import statement, exactly as the library writes it. */
  line: string;
  /** The names it imported, now the stand-in. */
  names: readonly string[];
  /** What stays of the statement when it imported other names too (the same statement without `names`). */
  keep?: string;
  why: string;
}

/** The MIT DataGrid's default slots (`DATA_GRID_DEFAULT_SLOTS_COMPONENTS`), each a component every grid imports. */
const GRID_DEFAULT_SLOTS = /\/@mui\/x-data-grid\/constants\/defaultGridSlotsComponents\.m?js$/;

/**
 * Imports of MUI modules whose branch or slot the app never renders, left out of the build (a stand-in throws if
 * one ever renders). A version whose line differs fails the build rather than silently keeping the import.
 *
 * - MUI's theming with CSS variables: the theme (app/theme.ts) is a plain palette theme, which `createTheme`
 *   builds with `createThemeNoVars` and `ThemeProvider` renders with `ThemeProviderNoVars`; both modules also
 *   import their CSS-variables branch (`createThemeWithVars`, `CssVarsProvider` with its color-scheme storage and
 *   init script), which every styled component loaded through MUI's default theme.
 * - The MIT DataGrid's default slots `baseSwitch`, `baseTabs` and `baseToggleButton`: no component of
 *   `@mui/x-data-grid` renders them (they serve the Pro and Premium grids' panels), but the slots' module imports
 *   MUI's Switch, Tabs, Tab and ToggleButton for them, and with them every list's first visit.
 */
const CUT_IMPORTS: readonly CutImport[] = [
  {
    file: /\/@mui\/material\/esm\/styles\/createTheme\.js$/,
    line: 'import createThemeWithVars from "./createThemeWithVars.js";',
    names: ['createThemeWithVars'],
    why: 'MUI themes with CSS variables',
  },
  {
    file: /\/@mui\/material\/esm\/styles\/ThemeProvider\.js$/,
    line: 'import { CssVarsProvider } from "./ThemeProviderWithVars.js";',
    names: ['CssVarsProvider'],
    why: 'MUI themes with color schemes',
  },
  ...[
    ['MUISwitch', '@mui/material/Switch'],
    ['MUITabs', '@mui/material/Tabs'],
    ['MUITab', '@mui/material/Tab'],
    ['MUIToggleButton', '@mui/material/ToggleButton'],
  ].map(([name, from]) => ({
    file: /\/@mui\/x-data-grid\/material\/index\.m?js$/,
    line: `import ${name} from '${from}';`,
    names: [name!],
    why: "the DataGrid's Pro slots",
  })),
  // The DataGrid's parts that `DataTable` (components/data-table/data-table.tsx) turns off, which its default slots
  // still import, and with them every list's first visit: the column menu (`disableColumnMenu`), the
  // toolbar (no `showToolbar`; the lists' own 'Columnas' and 'Vistas' are the kit's), the filter and columns panels
  // (`disableColumnFilter`, `disableColumnSelector`: the lists filter on the server, from their forms) and the badge
  // only those and a multi-column sort (not in the MIT grid) show.
  {
    file: GRID_DEFAULT_SLOTS,
    line: 'import { GridColumnMenu } from "../components/menu/columnMenu/GridColumnMenu.mjs";',
    names: ['GridColumnMenu'],
    why: "the DataGrid's column menu",
  },
  {
    file: GRID_DEFAULT_SLOTS,
    line: 'import { GridToolbar } from "../components/toolbarV8/GridToolbar.mjs";',
    names: ['GridToolbar'],
    why: "the DataGrid's toolbar",
  },
  {
    file: GRID_DEFAULT_SLOTS,
    line: 'import { GridSkeletonCell, GridColumnsPanel, GridFilterPanel, GridFooter, GridLoadingOverlay, GridNoRowsOverlay, GridPagination, GridPanel, GridRow, GridColumnHeaderFilterIconButton, GridRowCount, GridColumnsManagement, GridColumnHeaderSortIcon, GridNoColumnsOverlay } from "../components/index.mjs";',
    names: ['GridColumnsPanel', 'GridFilterPanel', 'GridColumnsManagement'],
    keep: 'import { GridSkeletonCell, GridFooter, GridLoadingOverlay, GridNoRowsOverlay, GridPagination, GridPanel, GridRow, GridColumnHeaderFilterIconButton, GridRowCount, GridColumnHeaderSortIcon, GridNoColumnsOverlay } from "../components/index.mjs";',
    why: "the DataGrid's filter and columns panels",
  },
  {
    file: /\/@mui\/x-data-grid\/material\/index\.m?js$/,
    line: "import MUIBadge from '@mui/material/Badge';",
    names: ['MUIBadge'],
    why: "the DataGrid's badges (filters, multi-column sort)",
  },
];

function cutImports(): Plugin {
  return {
    name: 'backoffice-cut-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const cuts = CUT_IMPORTS.filter(({ file }) => file.test(id));
      if (cuts.length === 0) return null;
      for (const { line, names, keep, why } of cuts) {
        if (!code.includes(line)) this.error(`${id} changed: it no longer says "${line}" (vite.config.ts)`);
        const standIn = names
          .map(
            (name) =>
              `const ${name} = () => { throw new Error(${JSON.stringify(`${why}: not built in (vite.config.ts)`)}); };`,
          )
          .join(' ');
        code = code.replace(line, keep ? `${keep} ${standIn}` : standIn);
      }
      return { code, map: null };
    },
  };
}

/**
 * Per chunk file, what its dynamic imports need not preload: its own static imports (loaded before it runs) and,
 * for any chunk the start-up does not load itself, the start-up's files (every lazy chunk is imported from the app
 * once it runs). Filled by `preloadLists` before Vite writes the lists (`build.modulePreload.resolveDependencies`).
 */
let loadedBefore = new Map<string, ReadonlySet<string>>();

/**
 * Vite's preload list of a dynamic import names every chunk the imported one needs, transitively, including those
 * the importer itself already loaded (React, the router, MUI's internals for each of the ≈ 60 lazy routes of the
 * shell's manifest): those are left out of the lists.
 */
function preloadLists(): Plugin {
  return {
    name: 'backoffice-preload-lists',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = new Map(
          Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file]] : [])),
        );
        const closure = (files: readonly string[], into = new Set<string>()) => {
          for (const file of files) {
            if (into.has(file)) continue;
            into.add(file);
            closure(chunks.get(file)?.imports ?? [], into);
          }
          return into;
        };
        const entries = [...chunks.values()].filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
        const entryFiles = closure(entries);
        const started = [...entryFiles].flatMap((file) => chunks.get(file)?.dynamicImports ?? []);
        const startup = closure(started, new Set(entryFiles));
        loadedBefore = new Map(
          [...chunks.keys()].map((file) => [
            file,
            entryFiles.has(file) ? closure([file]) : closure([file], new Set(startup)),
          ]),
        );
      },
    },
  };
}

/** The module the entry starts first (main.tsx): the address's first request's (app/first-request.ts). */
const FIRST_REQUEST = 'src/app/first-request.ts';

/**
 * `<link rel="modulepreload">` in index.html for the first request's module and its static imports (a few KiB): the
 * browser fetches them while it parses the page, beside the entry, so the route's preload module is asked for as
 * soon as the entry runs. Not the application's graph: compiling it then held the main thread while the
 * entry and the first request waited (the list query left later on a repeat visit).
 */
function firstRequestPreloads(): Plugin {
  let base = '/';
  return {
    name: 'backoffice-first-request-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return undefined;
        const chunks = new Map(
          Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [[file.fileName, file]] : [])),
        );
        const seen = new Set<string>();
        const closure = (file: string, into: string[]) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const dep of chunks.get(file)?.imports ?? []) closure(dep, into);
          into.push(file);
        };
        closure(entry.fileName, []); // Vite's own tags already preload the entry's imports
        const first = [...chunks.values()].find((chunk) =>
          chunk.facadeModuleId?.endsWith(`/${FIRST_REQUEST}`),
        );
        if (!first) throw new Error(`vite.config.ts: no chunk for ${FIRST_REQUEST}`);
        const files: string[] = [];
        closure(first.fileName, files);
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Chunk layout (docs/decisions.md "Web chunk layout"): a function over module ids and the module graph,
 * not a hand list of files. Vendor libraries of every visit in their own chunks; `validators` and each feature's
 * `<area>-documents` for what only screens load; everything else (the shell, screens, per-area code, the
 * kit and the MUI components screens use, formik, the DataGrid, the date pickers) split by Rolldown by who imports
 * it, so no area loads another area's code (asserted from the manifest by e2e/bundle.test.ts). A module the
 * start-up imports is never put in a screens' chunk (that chunk would then load with the shell).
 */
export function chunkOf(id: string, startupIds: ReadonlySet<string> = startup): string | undefined {
  const vendor = VENDOR_CHUNKS.find(([pattern]) => pattern.test(id));
  if (vendor) return vendor[1];
  if (WEB_STORAGE.test(id)) return 'web-storage';
  // The start-up's modules are left to Rolldown: naming them one `app` chunk would also keep code its tree-shaking
  // drops (MUI's Select behind MenuItem's imports, 11 KiB gzip more). It splits what screens share with the shell
  // into small chunks of their own instead, which the shell loads in parallel (docs/decisions.md "Web chunk layout").
  if (startupIds.has(id)) return undefined;
  if (MONEY.test(id)) return 'money';
  if (VALIDATORS.test(id)) return 'validators';
  const documents = FEATURE_DOCUMENTS.exec(id);
  return documents ? `${documents[1]}-documents` : undefined;
}

/**
 * Modules known to be side-effect free: `@backoffice/validators` but for its Spanish yup locale (`locale.js`), the
 * list kit (`src/lib/list/`), the file helpers (`src/lib/files/`, the shell reaches them through their index) and
 * the pickers (`src/components/pickers/`), which the routes' preloads reach through their indexes: without this, Rolldown keeps every module an index re-exports, and what those import (Apollo's
 * React hooks, the date pickers), in the preload's chunks. The export kit (`src/components/exports/`) likewise:
 * the lists reach its lazily loaded dialog through its index.
 */
const withoutEffects = (id: string) =>
  (/\/packages\/validators\/(dist|src)\//.test(id) && !/\/locale\.(js|ts)$/.test(id)) ||
  /\/apps\/web\/src\/(lib\/list|lib\/files|components\/pickers|components\/exports)\//.test(id);

/**
 * The versions that compile emotion's styles (`@emotion/cache` and its stylis): the browser keeps the CSS it made
 * under this name and drops it when either changes (src/lib/kept-styles.ts). Build after build the same string, so
 * an unchanged app keeps its chunks' hashes.
 */
export function styleEngine(): string {
  const requireFromWeb = createRequire(import.meta.url);
  const cachePackage = requireFromWeb.resolve('@emotion/cache/package.json');
  const stylis = createRequire(cachePackage)('stylis/package.json') as { version: string };
  const cache = requireFromWeb('@emotion/cache/package.json') as { version: string };
  return `@emotion/cache@${cache.version} stylis@${stylis.version}`;
}

export default defineConfig({
  // JSX through Oxc (automatic runtime), no React plugin (the dev server reloads the page instead of Fast Refresh).
  // The build and Vitest run on the same Vite 8 (docs/decisions.md, "One Vite major").
  plugins: [runtimeConfig(), startupGraph(), cutImports(), preloadLists(), firstRequestPreloads()],
  resolve: { alias: SRC_ALIAS },
  define: { __STYLE_ENGINE__: JSON.stringify(styleEngine()) },
  oxc: { jsx: { runtime: 'automatic' } },
  server: { port: 5173, strictPort: false },
  build: {
    // WEB_DIST_DIR (absolute) lets parallel builds and browser runs keep separate outputs; the stack's web
    // server reads the same variable.
    outDir: process.env.WEB_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Maps are written for error analysis but not referenced from the bundles, and the web server never serves
    // them (server/index.ts): the source is not public.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 700,
    modulePreload: {
      // A dynamic import's list without what its importer (and, after start-up, the start-up) already loaded, and
      // without the imported chunk itself: the import asks for it in the same task (Vite's helper adds the links,
      // then imports), so its link would only cost a DOM insertion and its name in the importer's list (the app's
      // chunk would carry the names of its ≈ 60 lazy screens for it).
      resolveDependencies: (file, deps, { hostId, hostType }) =>
        hostType === 'js' && loadedBefore.has(hostId)
          ? deps.filter((dep) => dep !== file && !loadedBefore.get(hostId)!.has(dep))
          : deps,
    },
    // dist/.vite/manifest.json: the chunk graph the bundle-size test (e2e/bundle.test.ts) checks.
    manifest: true,
    rolldownOptions: {
      output: {
        // A chunk is never named like an area unless it holds that area's code: Rolldown names a chunk after its
        // first module's folder, and the kit's `components/exports` would otherwise read as the exports area.
        chunkFileNames: (chunk) =>
          AREAS.has(chunk.name.split('-')[0]!) && !chunk.moduleIds.some((id) => FEATURES.test(id))
            ? 'assets/kit-[name]-[hash:7].js'
            : 'assets/[name]-[hash:7].js',
        codeSplitting: {
          // A named group takes only its own modules, never the modules they import: with Rolldown's default a
          // `<area>-documents` or `validators` group would pull the kit it imports in, and the shell with it.
          includeDependenciesRecursively: false,
          groups: [{ name: (id) => chunkOf(id) ?? null, debugName: 'chunkOf' }],
        },
      },
      treeshake: {
        moduleSideEffects: (id, external) => external || !withoutEffects(id),
      },
      onwarn(warning, warn) {
        // React Router's "use client" directives mean nothing in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
