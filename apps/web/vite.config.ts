import { defineConfig, type Plugin } from 'vite';
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

/**
 * Long-lived vendor chunks for libraries every session loads (React, Apollo, keycloak-js), and one for the
 * DataGrid, which only lazy screens reach. @mui/material is left to Rollup's own splitting so the first load
 * carries only the components the shell uses; the grid's locale module stays out of the grid chunk because
 * the theme (first load) imports it.
 */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('/node_modules/')) return undefined;
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/\/node_modules\/(@apollo|graphql|rxjs|@wry|optimism|tslib|@graphql-typed-document-node)\//.test(id))
    return 'apollo';
  if (/\/node_modules\/(react-router|cookie|set-cookie-parser)\//.test(id)) return 'router';
  if (/\/node_modules\/keycloak-js\//.test(id)) return 'keycloak';
  return undefined;
}

export default defineConfig({
  // JSX through esbuild (automatic runtime). @vitejs/plugin-react is not used: npm hoisted it next to the
  // root's vite 8, so it switches to rolldown-only plugins that this app's vite 7 cannot run (dev server
  // fails with "Missing field moduleType"); see docs/decisions.md. Dev reloads instead of Fast Refresh.
  plugins: [runtimeConfig()],
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
      output: { manualChunks: vendorChunk },
      onwarn(warning, warn) {
        // React Router's "use client" directives mean nothing in a client-only bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
