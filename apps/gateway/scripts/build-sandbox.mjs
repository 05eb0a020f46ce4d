// Bundles the sandbox (GraphiQL 5, React, Monaco and its workers) into dist/sandbox-ui with esbuild: every file the
// page loads is served by the gateway itself (no CDN). Run by `npm run build`; the browser test calls it when stale.
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import * as esbuild from 'esbuild';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const uiDir = join(root, 'src/sandbox/ui');
export const SANDBOX_UI_DIR = join(root, 'dist/sandbox-ui');
const assetsDir = join(SANDBOX_UI_DIR, 'assets');
const require = createRequire(join(uiDir, 'main.tsx'));

const WORKERS = {
  'editor.worker': 'monaco-editor/esm/vs/editor/editor.worker.js',
  'json.worker': 'monaco-editor/esm/vs/language/json/json.worker.js',
  'graphql.worker': 'monaco-graphql/esm/graphql.worker.js',
};

const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sandbox GraphQL · Back-office</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/sandbox/assets/sandbox.css" />
    <script type="module" src="/sandbox/assets/sandbox.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const newest = (dir) =>
  Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
    ),
  );

/** True when dist/sandbox-ui is missing or older than the page's sources. */
export function sandboxBuildIsStale() {
  try {
    return statSync(join(SANDBOX_UI_DIR, 'index.html')).mtimeMs < newest(uiDir);
  } catch {
    return true;
  }
}

export async function buildSandbox() {
  rmSync(SANDBOX_UI_DIR, { recursive: true, force: true });
  mkdirSync(assetsDir, { recursive: true });
  const common = {
    bundle: true,
    minify: true,
    legalComments: 'linked',
    target: 'es2022',
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
  };
  await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: { sandbox: join(uiDir, 'main.tsx') },
      outdir: assetsDir,
      format: 'esm',
      splitting: true,
      chunkNames: 'chunk-[hash]',
      loader: { '.ttf': 'file', '.woff': 'file', '.woff2': 'file', '.svg': 'file' },
      assetNames: '[name]-[hash]',
      jsx: 'automatic',
      tsconfig: join(uiDir, 'tsconfig.json'),
    }),
    esbuild.build({
      ...common,
      entryPoints: Object.fromEntries(
        Object.entries(WORKERS).map(([name, spec]) => [name, require.resolve(spec)]),
      ),
      outdir: assetsDir,
      format: 'iife',
    }),
  ]);
  writeFileSync(join(SANDBOX_UI_DIR, 'index.html'), INDEX_HTML);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildSandbox();
  console.log(`sandbox: dist/sandbox-ui en ${Math.round(performance.now() - started)} ms`);
}
