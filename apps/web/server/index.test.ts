import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWeb, type WebServer } from './index.js';
import { inlineScriptHashes } from './security-headers.js';

const SILENT_SCRIPT = 'parent.postMessage(location.href, location.origin);';
let dist: string;
let web: WebServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
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
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
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

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script> </script>')).toEqual([]);
    expect(inlineScriptHashes('<script>x()</script>')).toEqual([
      `'sha256-${createHash('sha256').update('x()').digest('base64')}'`,
    ]);
  });
});
