// The peer page's build (bench/lib/web-peer/build.mjs gives it a temporary output folder). JSX through Oxc, as the
// product builds it: no React plugin is installed in the repository.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The product's public files: its silent check-sso page, which keycloak-js loads in an iframe, and the icon.
  publicDir: fileURLToPath(new URL('../../../apps/web/public/', import.meta.url)),
  oxc: { jsx: { runtime: 'automatic' } },
  logLevel: 'warn',
  build: {
    target: 'es2022',
    emptyOutDir: true,
    // One bundle, as a two-screen page is written: no size warning for it.
    chunkSizeWarningLimit: 2048,
    rolldownOptions: {
      onwarn(warning, warn) {
        // The libraries' "use client" directives mean nothing in a client-only bundle.
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
