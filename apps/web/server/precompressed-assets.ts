import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type Encoding = 'br' | 'gzip';

/** See precompressAssets. */
const BROTLI_QUALITY = 10;

/** Text assets worth compressing. Source maps are left alone (only devtools read them, and they are 80 % of dist). */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.wasm']);

interface Variant {
  body: Buffer;
  etag: string;
}

interface Asset {
  /** `.js`, `.css`...: the Content-Type is the one express.static sends for the uncompressed file. */
  ext: string;
  lastModified: string;
  variants: Partial<Record<Encoding, Variant>>;
}

export interface PrecompressedAssets {
  /** Express middleware: answers GET/HEAD of a compressed asset when the client accepts its encoding. */
  middleware(req: Request, res: Response, next: NextFunction): void;
  /** Resolves when every asset has its gzip and brotli variants (or could not get them). */
  ready: Promise<void>;
  /** Stops compressing what is left (the server is closing). */
  stop(): void;
}

/**
 * The encoding to send for an Accept-Encoding header: brotli or gzip, whichever has the higher q-value (brotli on
 * a tie: it is 8-15 % smaller here), among those the client accepts and the asset has; null for identity.
 */
export function pickEncoding(
  acceptEncoding: string | undefined,
  available: Partial<Record<Encoding, unknown>>,
): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param);
      if (match) q = Number(match[1]);
    }
    weights.set(name, Number.isFinite(q) ? q : 0);
  }
  const weight = (name: string, alias?: string) =>
    weights.get(name) ?? (alias ? weights.get(alias) : undefined) ?? weights.get('*') ?? 0;
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const [encoding, q] of [
    ['br', weight('br')],
    ['gzip', weight('gzip', 'x-gzip')],
  ] as const) {
    if (available[encoding] && q > bestWeight) {
      best = encoding;
      bestWeight = q;
    }
  }
  return best;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(path);
      return Promise.resolve(entry.isFile() ? [path] : []);
    }),
  );
  return files.flat();
}

const etagOf = (body: Buffer, encoding: Encoding) =>
  `"${createHash('sha1').update(body).digest('base64url')}-${encoding}"`;

/**
 * Hashed assets (`dist/assets`, immutable by name) compressed once, in memory, in the background after start:
 * every file with gzip (level 9) first, then brotli one file at a time, so at most one thread pool thread (one
 * CPU) is busy with it. Brotli quality 10: measured on this app's 1.85 MiB of JS, quality 9 gives 503 KiB for
 * 0.37 s of CPU, 10 gives 475 KiB for 1.1 s, 11 gives 467 KiB for 2.6 s (gzip 9: 549 KiB, 0.1 s); the stack
 * starts a web server for every browser test file and the benchmark, so the last 1.7 % is not worth 1.5 s of
 * CPU each time. Until a file's variant is ready it is sent uncompressed by express.static. Answers carry
 * `Vary: Accept-Encoding`, the encoded length and their own ETag; Range requests get the whole encoded file.
 */
export function precompressAssets(distDir: string, assetsDir = join(distDir, 'assets')): PrecompressedAssets {
  const assets = new Map<string, Asset>();
  let stopped = false;

  const ready = (async () => {
    const files = (await listFiles(assetsDir)).filter((file) =>
      COMPRESSIBLE.has(extname(file).toLowerCase()),
    );
    const sources = new Map<string, Buffer>();
    for (const file of files) {
      if (stopped) return;
      try {
        const [body, info] = await Promise.all([readFile(file), stat(file)]);
        const url = `/${relative(distDir, file).split(sep).join('/')}`;
        const asset: Asset = {
          ext: extname(file),
          lastModified: info.mtime.toUTCString(),
          variants: {},
        };
        assets.set(url, asset);
        sources.set(url, body);
        const gz = await gzipAsync(body, { level: 9 });
        if (gz.length < body.length) asset.variants.gzip = { body: gz, etag: etagOf(gz, 'gzip') };
      } catch {
        // Unreadable or vanished file: express.static answers for it.
      }
    }
    for (const [url, body] of sources) {
      if (stopped) return;
      try {
        const br = await brotliAsync(body, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        const asset = assets.get(url)!;
        if (br.length < body.length) asset.variants.br = { body: br, etag: etagOf(br, 'br') };
      } catch {
        // keep gzip only
      }
    }
  })();

  const middleware = (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const asset = assets.get(req.path);
    if (!asset) return next();
    // Every answer of a compressible asset depends on Accept-Encoding, the uncompressed one too.
    res.vary('Accept-Encoding');
    const encoding = pickEncoding(req.headers['accept-encoding'], asset.variants);
    if (!encoding) return next();
    const variant = asset.variants[encoding]!;
    res.type(asset.ext);
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', variant.etag);
    res.setHeader('Last-Modified', asset.lastModified);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Length', String(variant.body.length));
    res.status(200);
    if (req.method === 'HEAD') res.end();
    else res.end(variant.body);
  };

  return {
    middleware,
    ready,
    stop: () => {
      stopped = true;
    },
  };
}
