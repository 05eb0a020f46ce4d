import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { expect } from 'vitest';
import { findRoute } from '../../src/app/routes';
import { ROUTED_SCREEN } from '../../src/app/shell/kept-outlet';

/** The routed screen's element (app/shell/kept-outlet.tsx: one in the document at a time, the screen shown). */
const SHOWN_SCREEN = `main [${ROUTED_SCREEN}]`;

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../screenshots/', import.meta.url));

/** Debian's chromium, headless (never `npx playwright install`). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface GatewayRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  operationName?: string;
  /** Whether the body named its document by hash alone (a trusted document), without its text. */
  byHash?: boolean;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught page errors and CSP violations, in order. */
  problems: string[];
  /** Every request the page sent to the gateway. */
  gatewayRequests: GatewayRequest[];
  close(): Promise<void>;
}

/**
 * How often a browser test's `page.waitForFunction` checks its condition, in milliseconds. Playwright's default
 * (`'raf'`) checks it in every animation frame, which keeps the page producing frames (the condition, then style,
 * paint and the compositor) 60 times a second for as long as a test waits: Chromium and the test process used
 * 12-16 % more CPU over payments-search with it. A caller that needs another rhythm passes its own.
 */
export const CONDITION_POLL_MS = 50;

/** The page, its `waitForFunction` polling every CONDITION_POLL_MS unless the caller says otherwise. */
export function pollConditionsByInterval<P extends { waitForFunction: (...args: never[]) => unknown }>(
  page: P,
): P {
  const waitForFunction = page.waitForFunction.bind(page) as (...args: unknown[]) => unknown;
  page.waitForFunction = ((
    condition: unknown,
    arg?: unknown,
    options?: { polling?: unknown; timeout?: number },
  ) => waitForFunction(condition, arg, { polling: CONDITION_POLL_MS, ...options })) as P['waitForFunction'];
  return page;
}

/** The requests of each page still waiting for their answer (`trackInFlight`), the live stream aside. */
const inFlight = new WeakMap<Page, Set<Request>>();

/** The live stream (`/live`) stays open for as long as the page: it is never a load to wait for. */
const isLiveStream = (request: Request) => new URL(request.url()).pathname.replace(/\/+$/, '') === '/live';

function trackInFlight(context: BrowserContext): void {
  const pageOf = (request: Request): Page | null => {
    try {
      return request.frame().page();
    } catch {
      return null; // a service worker's request: no page of ours waits for it
    }
  };
  context.on('request', (request) => {
    const page = pageOf(request);
    if (!page || isLiveStream(request)) return;
    let requests = inFlight.get(page);
    if (!requests) inFlight.set(page, (requests = new Set()));
    requests.add(request);
  });
  const done = (request: Request) => {
    const page = pageOf(request);
    if (page) inFlight.get(page)?.delete(request);
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
}

/**
 * Playwright's 'networkidle' for an app with a live stream: true once the page has had no request in flight for
 * `quietMs`, the live stream aside (with it open, 'networkidle' never comes); false when `timeoutMs` passed first.
 */
export async function networkSettled(
  page: Page,
  { quietMs = 500, timeoutMs = 5_000 }: { quietMs?: number; timeoutMs?: number } = {},
): Promise<boolean> {
  const started = Date.now();
  let quietSince = started;
  while (Date.now() - started < timeoutMs) {
    if ((inFlight.get(page)?.size ?? 0) > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return true;
    await new Promise((resolve) => setTimeout(resolve, CONDITION_POLL_MS));
  }
  return false;
}

/**
 * How a profile's system asks the app to move: `reduced` (`prefers-reduced-motion: reduce`, what most browser files
 * use: the app then shows dialogs, menus and notices without transitions and clicks without a ripple, which spares
 * the shared machine the frames of every transition) or `full` (the default of an operator's browser, which the
 * files about dialogs, menus, focus and the shell keep; docs/operations.md, "Browser tests").
 */
export type Motion = 'reduced' | 'full';

/**
 * A fresh browser profile (no cookies, or the cookies of a saved `storageState` file) with a Spanish (Argentina)
 * locale and Argentine time (the operators'; the app's periods are Argentine ones whatever the zone; `timezoneId`
 * puts the browser elsewhere, e.g. Europe/Madrid), 1440x900, reduced motion unless `motion` says `full`, collecting
 * problems and the gateway requests.
 */
export async function newSession(
  browser: Browser,
  {
    gatewayUrl,
    locale = 'es-AR',
    storageState,
    timezoneId = 'America/Argentina/Buenos_Aires',
    motion = 'reduced',
  }: { gatewayUrl: string; locale?: string; storageState?: string; timezoneId?: string; motion?: Motion },
): Promise<Session> {
  const context = await browser.newContext({
    ...(storageState ? { storageState } : {}),
    locale,
    timezoneId,
    reducedMotion: motion === 'full' ? 'no-preference' : 'reduce',
    viewport: { width: 1440, height: 900 },
  });
  trackInFlight(context);
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  const page = pollConditionsByInterval(await context.newPage());
  const problems: string[] = [];
  const gatewayRequests: GatewayRequest[] = [];
  page.on('console', (message) => {
    // Chromium's "Failed to load resource" has no URL: the response listener below records it with one.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console: ${message.text()}`);
    }
  });
  page.on('response', (response) => {
    // Chromium asks every page's origin for /favicon.ico on its own (the login page has no icon link).
    if (new URL(response.url()).pathname === '/favicon.ico') return;
    if (response.status() >= 400)
      problems.push(`http ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // A navigation cancels the requests of the page it leaves (net::ERR_ABORTED): not a problem.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  const gatewayOrigin = new URL(gatewayUrl).origin;
  page.on('request', (request: Request) => {
    if (!request.url().startsWith(gatewayOrigin)) return;
    const body = request.postData();
    let operation: { operationName?: string; query?: string; extensions?: { persistedQuery?: unknown } } = {};
    try {
      operation = body ? JSON.parse(body) : {};
    } catch {
      operation = {};
    }
    gatewayRequests.push({
      method: request.method(),
      url: request.url(),
      headers: request.headers(),
      operationName: operation.operationName,
      byHash: operation.query === undefined && operation.extensions?.persistedQuery !== undefined,
    });
  });
  return { context, page, problems, gatewayRequests, close: () => context.close() };
}

/** Goes through the Keycloak (emulator) login page the app redirected to, and waits for the shell. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  const user = page.getByLabel('Usuario o email');
  await user.waitFor({ state: 'visible' });
  await user.fill(username);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByTestId('signed-in-username').waitFor({ state: 'visible' });
}

/** Opens `path` of the web app as an anonymous visitor and signs in on the login page it lands on. */
export async function openSignedIn(
  page: Page,
  webUrl: string,
  path: string,
  username: string,
  password = username,
) {
  await page.goto(`${webUrl}${path}`);
  await signIn(page, username, password);
}

/**
 * Waits until the page's transitions (a dialog's or a tooltip's fade-in, a menu opening) are over: the next two
 * frames first (a transition the last click started has begun by then), then every finite animation. Endless
 * ones (progress indicators) are not awaited.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    );
  });
}

/** Whether browser tests save their screenshots (`E2E_SCREENSHOTS=1`; docs/operations.md, "Browser tests"). */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/**
 * PNG of the viewport (or the full page) in apps/web/screenshots/<name>.png (gitignored), taken once the
 * network is idle; returns the path. Only with E2E_SCREENSHOTS=1: nothing reads them in a run, and the files
 * take about 130 of them (up to 3 s each, full pages, on a loaded machine). The wait for the idle network stays
 * either way, so a step after it sees the same page whether or not the picture is taken.
 */
export async function screenshot(page: Page, name: string, { fullPage = false } = {}): Promise<string> {
  await networkSettled(page);
  const path = `${SCREENSHOT_DIR}${name}.png`;
  if (!TAKE_SCREENSHOTS) return path;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path, fullPage });
  return path;
}

/**
 * Ticks (or clears) a checkbox, such as a grid row's. The DataGrid applies a selection through its own state after
 * the click, which on a loaded machine can land after Playwright's `check()` looks: click, then poll.
 */
export async function tick(checkbox: Locator, checked = true): Promise<void> {
  if ((await checkbox.isChecked()) === checked) return;
  await checkbox.click();
  await expect.poll(() => checkbox.isChecked()).toBe(checked);
}

/**
 * Resolves once a notice (`role="status"`) containing `text` has been on the page, however briefly: watched by a
 * MutationObserver in the page (not by polling), so a notice that shows and hides while the test reads a file is
 * still seen. Call it before the action that causes the notice; it fails after `timeoutMs` without one.
 */
export async function noticeShown(page: Page, text: string, timeoutMs = 30_000): Promise<void> {
  await page.evaluate(
    ([wanted, limit]) =>
      new Promise<void>((resolve, reject) => {
        const shown = () =>
          [...document.querySelectorAll('[role="status"]')].some((element) =>
            (element.textContent ?? '').includes(wanted),
          );
        if (shown()) return resolve();
        const observer = new MutationObserver(() => {
          if (!shown()) return;
          observer.disconnect();
          window.clearTimeout(timer);
          resolve();
        });
        const timer = window.setTimeout(() => {
          observer.disconnect();
          reject(new Error(`No apareció el aviso «${wanted}» en ${limit} ms`));
        }, limit);
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      }),
    [text, timeoutMs] as const,
  );
}

/** The notice (toast) with this text, success and error alike. */
export const notice = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).first();

/**
 * Opens `path` (a route other than the one shown) inside the running app, as its own links do, without loading
 * the page again: a page load boots the app anew (about 4 Chromium CPU seconds on a loaded 2-core machine; in-app
 * about a quarter of that), so a test that only needs to reach a screen (not its boot, its address or a reload)
 * comes here. React Router's browser router follows `popstate` (the back button): the address is pushed with the
 * router's own history state, then `popstate` tells it. Resolves once the screen shown before is out of the document
 * (each route shows its own screen element; a kept list is taken out, app/shell/kept-outlet.tsx) and the one shown is
 * `path`'s route's (its element names it), so what the caller waits for next cannot be read off the previous screen,
 * nor off a screen of the same route as the previous one that the app committed in between (a save's own navigation
 * to the record it made, still on its way when the test moved on); within one route (another id or query of the same
 * screen) that never happens, and this fails instead of passing early: use `page.goto` or the screen's own controls
 * there. Fails if the page was loaded again.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const previous = await page.evaluateHandle(
    ([to, shownScreen]) => {
      // The routed screen shown: the content of the one element with the attribute in the document
      // (app/shell/kept-outlet.tsx; a kept list the operator left is taken out of the document, so it is gone then too).
      const screen = document.querySelector(shownScreen)?.firstElementChild;
      if (!screen) throw new Error('openInApp: la página no muestra una pantalla de la app');
      (window as unknown as { e2eInApp?: boolean }).e2eInApp = true;
      const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      return screen;
    },
    [path, SHOWN_SCREEN] as const,
  );
  // The route's path as the shell names its screen element (unknown paths go to /home).
  const route = findRoute(new URL(path, 'http://app').pathname)?.path ?? '/home';
  try {
    await page.waitForFunction(
      ([screen, shown, shownScreen, attribute]) =>
        !screen.isConnected && document.querySelector(shownScreen)?.getAttribute(attribute) === shown,
      [previous, route, SHOWN_SCREEN, ROUTED_SCREEN] as const,
    );
  } catch (error) {
    // What the page held instead (a failure on a loaded CI machine, 2026-11-28, left only the screen shown to read).
    const held = await page
      .evaluate(
        ([screen, shownScreen, attribute]) => ({
          previousConnected: screen.isConnected,
          address: window.location.pathname + window.location.search,
          screens: [...document.querySelectorAll<HTMLElement>(shownScreen)].map(
            (node) =>
              `${node.getAttribute(attribute)}${node.checkVisibility() ? '' : ' (oculta)'}: ` +
              (node.querySelector('h1')?.textContent ?? node.textContent?.slice(0, 60) ?? ''),
          ),
        }),
        [previous, SHOWN_SCREEN, ROUTED_SCREEN] as const,
      )
      .catch(() => undefined);
    throw new Error(
      `openInApp: ${path} no se mostró como ${route}; la página tenía ${JSON.stringify(held)}`,
      { cause: error },
    );
  } finally {
    await previous.dispose();
  }
  if (!(await page.evaluate(() => (window as unknown as { e2eInApp?: boolean }).e2eInApp === true))) {
    throw new Error(`openInApp: la página se cargó de nuevo al abrir ${path}`);
  }
}

/**
 * Routes that, opened bare, send the operator to another route's screen: Detalle de conversión without a cached
 * conversion goes back to /importacion at once (imports.test.ts checks it). A walk over the manifest that opens every
 * address bare and waits for the asked route's screen leaves them out: it would see theirs only if the browser painted
 * the moment before the redirect.
 */
export const SHOWN_ELSEWHERE_WHEN_BARE: ReadonlySet<string> = new Set(['/conversion']);

/** A light screen every role may open (no list, no query): where reopenInApp passes through. */
const DETOUR = '/perfil';

/**
 * Whether `to` renders the same route's screen as `from` (another id or query of one screen, which the router keeps
 * mounted): addresses or paths, compared by the route manifest.
 */
export function sameRoute(from: string, to: string): boolean {
  const route = (address: string) => findRoute(new URL(address, 'http://app').pathname);
  return route(from) === route(to);
}

/**
 * openInApp to `path` whatever the page shows: when it shows the same route's screen (another id or query), the
 * page first passes through 'Mi perfil', so the screen reads the new address as it is shown again (mounted anew, or
 * a kept list shown and given the address), as a page load would show it. Two in-app screens cost about half a page load of a list or a detail (0.5-0.9 s against 1.3-1.8 s of
 * Chromium CPU on the shared machine at load 9). Use `page.goto` where the boot, a reload or the address bar is
 * what is tested.
 */
export async function reopenInApp(page: Page, path: string): Promise<void> {
  if (sameRoute(page.url(), path)) await openInApp(page, sameRoute(path, DETOUR) ? '/home' : DETOUR);
  await openInApp(page, path);
}

/**
 * Shows `path` (on the stack's web app at `webUrl`), as cheaply as the page allows: inside the app (reopenInApp) when
 * the page already shows one of its screens, a page load otherwise (a new profile's first address, the login page,
 * another origin). For tests about a screen, not about the boot: a test of the boot, a reload or the address bar
 * calls `page.goto` itself.
 */
export async function showPath(page: Page, webUrl: string, path: string): Promise<void> {
  const showsScreen =
    new URL(page.url()).origin === new URL(webUrl).origin &&
    (await page.evaluate(
      (shownScreen) => Boolean(document.querySelector(shownScreen)?.firstElementChild),
      SHOWN_SCREEN,
    ));
  if (showsScreen) await reopenInApp(page, path);
  else await page.goto(`${webUrl}${path}`);
}
