import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Request, type Response, type NextFunction } from 'express';
import { renderConfigScript } from './config-script.js';
import { precompressAssets } from './precompressed-assets.js';
import { contentSecurityPolicy, inlineScriptHashes, securityHeaders } from './security-headers.js';

export interface StartWebOptions {
  port?: number;
  host?: string;
  /** The gateway's GraphQL endpoint as the browser reaches it, e.g. http://localhost:4000/graphql. */
  gatewayUrl: string;
  /** Keycloak's base URL as the browser reaches it (without /realms/...). */
  keycloakUrl: string;
  realm?: string;
  clientId?: string;
  /** The built SPA (vite build output). Defaults to apps/web/dist. */
  distDir?: string;
}

export interface WebServer {
  url: string;
  port: number;
  /**
   * Resolves when every hashed asset has its gzip and brotli variants in memory (they are made in the background
   * after start; until then a file is sent uncompressed).
   */
  assetsCompressed: Promise<void>;
  close(): Promise<void>;
}

const defaultDistDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const HASHED_ASSET = /^\/assets\//;

/**
 * The page with the runtime configuration in it: index.html's `<script src="/config.js">` becomes the script itself
 * (its hash goes into the CSP), so the page does not wait for a request before its modules run.
 */
export function withInlineConfig(html: string, configScript: string): string {
  const tag = /<script\s+src="\/config\.js"[^>]*><\/script>/;
  if (!tag.test(html)) return html;
  return html.replace(tag, () => `<script>${configScript}</script>`);
}

/** Serves the built back-office: static files, /config.js, SPA fallback, strict security headers. */
export async function startWeb(options: StartWebOptions): Promise<WebServer> {
  const distDir = resolve(options.distDir ?? process.env.WEB_DIST_DIR ?? defaultDistDir);
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`No se encontró ${indexFile}: ejecutá "npm run build -w @backoffice/web" primero.`);
  }
  const configScript = renderConfigScript({
    gatewayUrl: options.gatewayUrl,
    keycloakUrl: options.keycloakUrl,
    realm: options.realm ?? 'back-office',
    clientId: options.clientId ?? 'back-office-web',
  });
  const indexHtml = withInlineConfig(readFileSync(indexFile, 'utf8'), configScript);
  const silentSso = join(distDir, 'silent-check-sso.html');
  const scriptHashes = [
    ...inlineScriptHashes(indexHtml),
    ...(existsSync(silentSso) ? inlineScriptHashes(readFileSync(silentSso, 'utf8')) : []),
  ];
  const headers = securityHeaders(
    contentSecurityPolicy({ gatewayUrl: options.gatewayUrl, keycloakUrl: options.keycloakUrl, scriptHashes }),
  );

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');

  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.set(headers);
    next();
  });

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  // index.html carries the configuration itself; /config.js stays for the dev server's page and for tabs opened on a
  // page served before.
  app.get('/config.js', (_req, res) => {
    res
      .set('Content-Type', 'text/javascript; charset=utf-8')
      .set('Cache-Control', 'no-store')
      .send(configScript);
  });

  // Source maps stay private (vite writes them with sourcemap: 'hidden', for error analysis only).
  app.use((req, res, next) => {
    if (req.path.toLowerCase().endsWith('.map')) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
      return;
    }
    next();
  });

  // Hashed assets gzip- or brotli-encoded when the browser accepts it (precompressed-assets.ts).
  const precompressed = precompressAssets(distDir);
  app.use(precompressed.middleware);

  app.use(
    express.static(distDir, {
      index: false,
      redirect: false,
      setHeaders(res, filePath) {
        const rel = filePath.slice(distDir.length).replaceAll('\\', '/');
        res.setHeader(
          'Cache-Control',
          HASHED_ASSET.test(rel) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    }),
  );

  // A missing hashed asset is a 404, never the SPA page (a stale tab must not parse HTML as JavaScript).
  app.use('/assets', (_req, res) => {
    res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('No encontrado');
  });

  // SPA fallback: every other GET/HEAD is a client-side route.
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res
      .status(200)
      .set('Content-Type', 'text/html; charset=utf-8')
      .set('Cache-Control', 'no-cache')
      .send(indexHtml);
  });

  const server = await new Promise<import('node:http').Server>((resolveListen, reject) => {
    const s = app.listen(options.port ?? 0, options.host ?? '127.0.0.1', (error?: Error) =>
      error ? reject(error) : resolveListen(s),
    );
    s.once('error', reject);
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${port}`,
    port,
    assetsCompressed: precompressed.ready,
    close: () =>
      new Promise<void>((resolveClose, reject) => {
        precompressed.stop();
        server.close((error) => (error ? reject(error) : resolveClose()));
        server.closeAllConnections();
      }),
  };
}
