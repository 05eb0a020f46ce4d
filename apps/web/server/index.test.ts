import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWeb, withInlineConfig, type WebServer } from './index.js';
import { pickEncoding } from './precompressed-assets.js';
import { inlineScriptHashes } from './security-headers.js';

const SILENT_SCRIPT = 'parent.postMessage(location.href, location.origin);';
/** A compressible script with non-ASCII text (the length must be counted in bytes). */
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const mensaje${i} = "Operación nº ${i}";`).join(
  '\n',
);
let dist: string;
let web: WebServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  // As the build writes it (index.html's tag without Vite's `vite-ignore`).
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><head><script src="/config.js" ></script></head><div id="root"></div>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'app-def456.js'), BIG_JS);
  writeFileSync(
    join(dist, 'assets', 'app-def456.js.map'),
    '{"version":3,"mappings":"' + 'A'.repeat(5000) + '"}',
  );
  writeFileSync(join(dist, 'assets', 'style-789.css'), 'body { color: red; }\n'.repeat(200));
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  writeFileSync(
    join(dist, 'silent-check-sso.html'),
    `<html><body><script>${SILENT_SCRIPT}</script></body></html>`,
  );
  web = await startWeb({
    port: 0,
    gatewayUrl: 'http://gw.example:4000/graphql',
    keycloakUrl: 'http://kc.example:8080',
    distDir: dist,
  });
});

afterAll(async () => {
  await web.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('startWeb', () => {
  it('listens on loopback with a free port', () => {
    expect(web.port).toBeGreaterThan(0);
    expect(web.url).toBe(`http://127.0.0.1:${web.port}`);
  });

  it('serves /config.js with the runtime configuration and defaults', async () => {
    const res = await fetch(`${web.url}/config.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.text();
    const window: { __BACKOFFICE_CONFIG__?: unknown } = {};
    new Function('window', body)(window);
    expect(window.__BACKOFFICE_CONFIG__).toEqual({
      gatewayUrl: 'http://gw.example:4000/graphql',
      keycloakUrl: 'http://kc.example:8080',
      realm: 'back-office',
      clientId: 'back-office-web',
    });
  });

  it('writes the configuration into the page, allowed by its hash, instead of asking /config.js for it', async () => {
    const res = await fetch(`${web.url}/pagos`);
    const html = await res.text();
    expect(html).not.toContain('src="/config.js"');
    const inline = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';
    expect(inline).toBe(await (await fetch(`${web.url}/config.js`)).text());
    const window: { __BACKOFFICE_CONFIG__?: { gatewayUrl: string } } = {};
    new Function('window', inline)(window);
    expect(window.__BACKOFFICE_CONFIG__?.gatewayUrl).toBe('http://gw.example:4000/graphql');
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
  });

  it('falls back to index.html for client routes, never cached', async () => {
    for (const path of ['/', '/home', '/pago/123', '/no/existe']) {
      const res = await fetch(`${web.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and 404s missing ones', async () => {
    const hit = await fetch(`${web.url}/assets/index-abc123.js`);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const miss = await fetch(`${web.url}/assets/missing-zzz.js`);
    expect(miss.status).toBe(404);
    const plain = await fetch(`${web.url}/favicon.svg`);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends a strict CSP and the security headers on every response', async () => {
    const res = await fetch(`${web.url}/home`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update(SILENT_SCRIPT).digest('base64');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).toContain("connect-src 'self' http://gw.example:4000 http://kc.example:8080");
    expect(csp).toContain("frame-src 'self' http://kc.example:8080");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('refuses to start without a build', async () => {
    await expect(
      startWeb({ gatewayUrl: 'http://a/graphql', keycloakUrl: 'http://b', distDir: join(dist, 'nope') }),
    ).rejects.toThrow(/index.html/);
  });
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers (fetch would add Accept-Encoding and decode the answer itself). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${web.url}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('precompressed assets', () => {
  beforeAll(() => web.assetsCompressed);

  it('sends a hashed asset uncompressed without Accept-Encoding, varying on it', async () => {
    const res = await raw('/assets/app-def456.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.toString('utf8')).toBe(BIG_JS);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(BIG_JS)));
  });

  it.each([
    ['br', 'gzip, deflate, br, zstd', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
    ['gzip', 'br;q=0.5, gzip', gunzipSync],
    ['br', 'br;q=1, gzip;q=0.9', brotliDecompressSync],
    ['br', '*', brotliDecompressSync],
  ] as const)(
    'sends %s for Accept-Encoding "%s", with its length and the same headers',
    async (encoding, accept, decode) => {
      const plain = await raw('/assets/app-def456.js');
      const res = await raw('/assets/app-def456.js', { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-length']).toBe(String(res.body.length));
      expect(res.body.length).toBeLessThan(Buffer.byteLength(BIG_JS) / 3);
      expect(decode(res.body).toString('utf8')).toBe(BIG_JS);
      expect(res.headers['content-type']).toBe(plain.headers['content-type']);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-security-policy']).toBe(plain.headers['content-security-policy']);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.etag).toBeTruthy();
      expect(res.headers.etag).not.toBe(plain.headers.etag);
    },
  );

  it('honours q=0, answers HEAD and conditional requests, and leaves source maps and missing files alone', async () => {
    const refused = await raw('/assets/app-def456.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString('utf8')).toBe(BIG_JS);

    const head = await raw('/assets/style-789.css', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.headers['content-type']).toContain('text/css');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);

    const first = await raw('/assets/style-789.css', { 'accept-encoding': 'br' });
    const again = await raw('/assets/style-789.css', {
      'accept-encoding': 'br',
      'if-none-match': first.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // Source maps are never served, even when one is in dist.
    const map = await raw('/assets/app-def456.js.map', { 'accept-encoding': 'br, gzip' });
    expect(map.status).toBe(404);
    expect(map.body.toString()).not.toContain('mappings');
    expect((await raw('/assets/APP-DEF456.JS.MAP')).status).toBe(404);
    const missing = await raw('/assets/missing-zzz.js', { 'accept-encoding': 'br, gzip' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    const page = await raw('/pagos', { 'accept-encoding': 'br, gzip' });
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('pickEncoding', () => {
  const both = { br: 1, gzip: 1 };
  it('prefers brotli on equal weights and follows q-values otherwise', () => {
    expect(pickEncoding(undefined, both)).toBeNull();
    expect(pickEncoding('', both)).toBeNull();
    expect(pickEncoding('identity', both)).toBeNull();
    expect(pickEncoding('gzip, br', both)).toBe('br');
    expect(pickEncoding('GZIP;Q=0.8, BR;Q=0.2', both)).toBe('gzip');
    expect(pickEncoding('x-gzip', both)).toBe('gzip');
    expect(pickEncoding('*;q=0.1, br;q=0', both)).toBe('gzip');
    expect(pickEncoding('gzip, br', { gzip: 1 })).toBe('gzip');
    expect(pickEncoding('br', { gzip: 1 })).toBeNull();
  });
});

describe('withInlineConfig', () => {
  it('puts the script in place of the tag, and leaves a page without the tag as it is', () => {
    expect(withInlineConfig('<head><script src="/config.js" vite-ignore></script></head>', 'a = "$&";')).toBe(
      '<head><script>a = "$&";</script></head>',
    );
    expect(withInlineConfig('<div id="root"></div>', 'a = 1;')).toBe('<div id="root"></div>');
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script> </script>')).toEqual([]);
    expect(inlineScriptHashes('<script>x()</script>')).toEqual([
      `'sha256-${createHash('sha256').update('x()').digest('base64')}'`,
    ]);
  });
});
