// Builds the peer page (index.html, main.tsx) with the repository's Vite into `outDir`, for a web server to serve.
import { fileURLToPath } from 'node:url';

/** Runs `vite build` of the peer page into `outDir` (absolute); resolves once the files are written. */
export async function buildWebPeer(outDir) {
  const { build } = await import('vite');
  await build({
    configFile: fileURLToPath(new URL('./vite.config.mjs', import.meta.url)),
    build: { outDir },
  });
}
