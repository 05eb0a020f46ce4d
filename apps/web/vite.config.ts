import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
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

type ChunkGraph = Pick<Rollup.ManualChunkMeta, 'getModuleIds' | 'getModuleInfo'>;

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
 * Money and the validators' plain helpers (decimal.js-light, `money`, `messages`, `text`, `limits`): what lists
 * format amounts and read inputs with, without yup, so a screen that shows amounts loads yup only with its forms.
 */
const MONEY =
  /\/node_modules\/decimal\.js-light\/|\/packages\/validators\/(dist|src)\/(messages|text|limits|money)\./;

/** A feature's generated documents (`features/<area>/gql/`): their own chunk, which a route's preload loads alone. */
const FEATURE_DOCUMENTS = /\/src\/features\/([^/]+)\/gql\//;

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

let startup: { graph: ChunkGraph; ids: Set<string> } | undefined;

/**
 * Chunk layout (issue 16; docs/decisions.md "Web chunk layout"): a function over module ids and the module graph,
 * not a hand list of files. Vendor libraries of every visit in their own chunks; `validators` and each feature's
 * `<area>-documents` for what only screens load; everything else (the shell in `app`, screens, per-area code, the
 * kit and the MUI components screens use, formik, the DataGrid, the date pickers) split by Rollup by who imports
 * it, so no area loads another area's code (asserted from the manifest by e2e/bundle.test.ts). A module the
 * start-up imports is never put in a screens' chunk (that chunk would then load with the shell).
 */
export function chunkOf(id: string, graph: ChunkGraph): string | undefined {
  const vendor = VENDOR_CHUNKS.find(([pattern]) => pattern.test(id));
  if (vendor) return vendor[1];
  if (startup?.graph !== graph) startup = { graph, ids: startupModules(graph) };
  if (startup.ids.has(id)) return undefined;
  if (MONEY.test(id)) return 'money';
  if (VALIDATORS.test(id)) return 'validators';
  const documents = FEATURE_DOCUMENTS.exec(id);
  return documents ? `${documents[1]}-documents` : undefined;
}

/** `@backoffice/validators` is side-effect free but for its Spanish yup locale (`locale.js`). */
const validatorsWithoutEffects = (id: string) =>
  /\/packages\/validators\/(dist|src)\//.test(id) && !/\/locale\.(js|ts)$/.test(id);

export default defineConfig({
  // JSX through esbuild (automatic runtime), no React plugin (the dev server reloads the page instead of Fast
  // Refresh). Vitest runs on Vite 8 while this build is on Vite 7: see docs/decisions.md ("Web build" and
  // "2026-11-23 Platform") for why the build has not moved yet.
  plugins: [runtimeConfig()],
  resolve: { alias: SRC_ALIAS },
  esbuild: { jsx: 'automatic' },
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
    // dist/.vite/manifest.json: the chunk graph the bundle-size test (e2e/bundle.test.ts) checks.
    manifest: true,
    rollupOptions: {
      output: { manualChunks: chunkOf },
      treeshake: {
        moduleSideEffects: (id, external) => external || !validatorsWithoutEffects(id),
      },
      onwarn(warning, warn) {
        // React Router's "use client" directives mean nothing in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
