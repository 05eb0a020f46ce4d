import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../index.js';

/**
 * The web app's exact path: keycloak-js 26 in Chromium with check-sso, a silent check iframe,
 * PKCE S256 and no login iframe; then login, profile, refresh, silent SSO on reload, logout.
 */

const keycloakJs = readFileSync(createRequire(import.meta.url).resolve('keycloak-js'), 'utf8');

/** What the test page exposes on its window. */
interface AppWindow {
  kc: {
    login(): Promise<void>;
    logout(options: object): Promise<void>;
    updateToken(minValidity: number): Promise<boolean>;
    token: string;
  };
  result: Promise<PageState>;
  location: { origin: string };
}

interface PageState {
  authenticated?: boolean;
  error?: string;
  profile?: { username?: string; email?: string; firstName?: string };
  canRefund?: boolean;
  aud?: unknown;
}

const appPage = (kcUrl: string): string => `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>app</title></head><body>
<script type="module">
  import Keycloak from '/keycloak.js';
  const kc = new Keycloak({ url: ${JSON.stringify(kcUrl)}, realm: 'back-office', clientId: 'back-office-web' });
  window.kc = kc;
  window.result = kc
    .init({
      onLoad: 'check-sso',
      silentCheckSsoRedirectUri: location.origin + '/silent-check-sso.html',
      pkceMethod: 'S256',
      checkLoginIframe: false,
    })
    .then(
      async (authenticated) => {
        if (!authenticated) return { authenticated };
        const profile = await kc.loadUserProfile();
        return {
          authenticated,
          profile,
          canRefund: kc.hasResourceRole('payment-refund', 'back-office-gateway'),
          aud: kc.tokenParsed.aud,
        };
      },
      (e) => ({ error: String((e && (e.message || e.error)) || e) }),
    );
</script>
</body></html>`;

const silentCheckSso = `<!DOCTYPE html><html><body><script>parent.postMessage(location.href, location.origin);</script></body></html>`;

let app: Server;
let appUrl: string;
let em: RunningEmulator;
let browser: Browser;

beforeAll(async () => {
  let kcUrl = '';
  app = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/keycloak.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(keycloakJs);
    } else if (path === '/silent-check-sso.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(silentCheckSso);
    } else if (path === '/' || path === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(appPage(kcUrl));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  // Browsers reach both as localhost: same site, as the web app and Keycloak in dev.
  appUrl = `http://localhost:${(app.address() as AddressInfo).port}`;
  em = await startEmulator({ keyFile: null, extraRedirectUris: [`${appUrl}/*`], extraWebOrigins: [appUrl] });
  kcUrl = em.url;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}, 30_000);

afterAll(async () => {
  await browser?.close();
  await em?.close();
  await new Promise<void>((resolve) => {
    app?.close(() => resolve());
    app?.closeAllConnections();
  });
});

it('keycloak-js 26 logs in, loads the profile, refreshes, re-enters silently and logs out', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const topLevel: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) topLevel.push(frame.url());
  });
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning' || msg.type() === 'error') warnings.push(msg.text());
  });
  const state = () => page.evaluate(() => (globalThis as unknown as AppWindow).result);

  // 1. Anonymous: the 3p-cookie check answers, the silent prompt=none iframe says login_required.
  await page.goto(`${appUrl}/`);
  expect(await state()).toEqual({ authenticated: false });
  expect(topLevel.every((u) => u.startsWith(appUrl))).toBe(true);
  expect(warnings.filter((w) => w.includes('3rd-party cookies'))).toEqual([]);

  // 2. Login through the emulator's form.
  await page.evaluate(() => {
    void (globalThis as unknown as AppWindow).kc.login();
  });
  await page.waitForURL(`${em.url}/**`);
  expect(await page.title()).toBe('Sign in to Back-office de cobranzas');
  await page.getByLabel('Username or email').fill('admin');
  await page.getByLabel('Password').fill('incorrecta');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect.poll(() => page.locator('#input-error').textContent()).toBe('Invalid username or password.');
  await page.fill('#password', 'admin');
  await page.click('#kc-login');
  await page.waitForURL(`${appUrl}/**`);
  const loggedIn = await state();
  expect(loggedIn).toMatchObject({
    authenticated: true,
    profile: { username: 'admin', email: 'admin@cobranzas.example.com.ar', firstName: 'Mariela' },
    canRefund: true,
    aud: ['back-office-gateway', 'account'],
  });
  expect(page.url()).toBe(`${appUrl}/`);

  // 3. Refresh (token POST with credentials: 'include' needs Access-Control-Allow-Credentials).
  const refreshed = await page.evaluate(async () => {
    const kc = (globalThis as unknown as AppWindow).kc;
    const before = kc.token;
    const ok = await kc.updateToken(-1);
    return ok && kc.token !== before;
  });
  expect(refreshed).toBe(true);

  // 4. Reload: check-sso finds the session through the hidden iframe, without leaving the app.
  const before = topLevel.length;
  await page.reload();
  expect(await state()).toMatchObject({ authenticated: true, profile: { username: 'admin' } });
  expect(topLevel.slice(before).every((u) => u.startsWith(appUrl))).toBe(true);

  // 5. Logout returns to the app, anonymous again.
  const logoutRequest = page.waitForRequest((r) =>
    r.url().startsWith(`${em.issuer}/protocol/openid-connect/logout?`),
  );
  const commits = topLevel.length;
  await page.evaluate(() => {
    void (globalThis as unknown as AppWindow).kc.logout({
      redirectUri: `${(globalThis as unknown as AppWindow).location.origin}/`,
    });
  });
  expect(new URL((await logoutRequest).url()).searchParams.get('id_token_hint')).toBeTruthy();
  await expect.poll(() => topLevel.length).toBeGreaterThan(commits);
  await page.waitForLoadState('load');
  expect(page.url()).toBe(`${appUrl}/`);
  expect(await state()).toEqual({ authenticated: false });
  expect(warnings.filter((w) => w.includes('[KEYCLOAK]'))).toEqual([]);
  await context.close();
}, 30_000);
