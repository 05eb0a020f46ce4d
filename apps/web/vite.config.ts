import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
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
  // @vitejs/plugin-react is typed against the root's vite 8; this app builds with vite 7 (same plugin API).
  plugins: [react() as unknown as Plugin, runtimeConfig()],
  server: { port: 5173, strictPort: false },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: { manualChunks: vendorChunk },
    },
  },
});
