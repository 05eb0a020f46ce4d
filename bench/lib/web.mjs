// The web app: production bundle sizes (from apps/web/dist) and, in headless Chromium, the time from
// navigation to the first row of Buscar Pagos (/pagos) on screen after signing in.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// WEB_DIST_DIR (absolute): a build of the web elsewhere, as apps/web's build and web server read it.
export const WEB_DIST =
  process.env.WEB_DIST_DIR ?? fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const KIB = 1024;

/**
 * First visits whose gzip JS the bench reports (`key` in latest.json): the route and its screen module (the
 * Vite manifest key of the module apps/web/src/app/routes.ts loads for it).
 */
export const WEB_FIRST_VISITS = [
  {
    route: '/pagos',
    key: 'web_pagos_js_gzip_kib',
    src: 'src/features/payments/screens/payments-search-screen.tsx',
  },
  {
    route: '/retiros',
    key: 'web_retiros_js_gzip_kib',
    src: 'src/features/withdrawals/screens/withdraws-screen.tsx',
  },
];

/**
 * Lists whose first query their route's preload sends on navigation, as Buscar Pagos (without it their rows
 * waited for the screen's chunk and its render): a repeat visit, from navigation start to the first row on screen
 * (`key` in latest.json).
 */
export const WEB_PRELOADED_LISTS = [
  { route: '/distribucion', key: 'web_distribucion_visible_warm_ms' },
  { route: '/retirosUnificados', key: 'web_retiros_unificados_visible_warm_ms' },
  { route: '/afip', key: 'web_afip_visible_warm_ms' },
];

const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

/**
 * The manifest key of the chunk that loads source module `src`: `src` itself, or, for a lazily loaded screen whose
 * chunk also holds modules its own lazy dialogs share, the dynamic entry chunk named after it (Rollup then keeps
 * no facade module for the chunk, so Vite keys it by file: `_payments-search-screen-<hash>.js`).
 */
export function manifestKeyOf(manifest, src) {
  if (manifest[src]) return src;
  const name = src.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
  const keys = Object.keys(manifest).filter(
    (key) => manifest[key].isDynamicEntry && manifest[key].name === name,
  );
  return keys.length === 1 ? keys[0] : src;
}

/**
 * Chunk graph of the production build, from Vite's manifest (`dist/.vite/manifest.json`, the same graph
 * apps/web/e2e/bundle.test.ts checks). `entry`: the chunk index.html runs and its static imports, transitively.
 * `initial`: that plus what the entry imports dynamically at start-up (main.tsx starts loading the app shell
 * while keycloak-js checks the session), i.e. the JS every visit downloads before any screen. Every other
 * chunk is lazy. `routeGzipKib(src)`: the first visit to a route whose screen module is `src` (its manifest
 * key, e.g. `src/features/payments/screens/payments-search-screen.tsx`): initial plus the screen's chunk and
 * its static imports (what the screen imports on demand later, e.g. a dialog, is not part of the first visit).
 */
export function analyzeBundle(dist = WEB_DIST) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const gzipOf = new Map();
  const gzip = (file) => {
    if (!gzipOf.has(file)) gzipOf.set(file, gzipSize(readFileSync(join(dist, file))));
    return gzipOf.get(file);
  };
  const bytes = (file) => statSync(join(dist, file)).size;
  /** The files of the chunks `keys` and their static imports, added to `seen`. */
  const closure = (keys, seen = new Set()) => {
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`bench: the web manifest has no chunk ${key} (rebuild apps/web)`);
      if (seen.has(chunk.file)) continue;
      seen.add(chunk.file);
      closure(chunk.imports ?? [], seen);
    }
    return seen;
  };
  const entry = closure(['index.html']);
  const initial = closure(manifest['index.html'].dynamicImports ?? [], new Set(entry));
  const sum = (files, size) => [...files].reduce((total, file) => total + size(file), 0);
  const lazy = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
    .filter((file) => file.endsWith('.js') && !initial.has(file))
    .map((file) => ({
      file: file.replace(/^assets\//, ''),
      kib: bytes(file) / KIB,
      gzipKib: gzip(file) / KIB,
    }))
    .sort((a, b) => b.gzipKib - a.gzipKib);
  const routeFiles = (src) => closure([manifestKeyOf(manifest, src)], new Set(initial));
  const strip = (files) => [...files].map((file) => file.replace(/^assets\//, ''));
  return {
    entryFiles: strip(entry),
    initialFiles: strip(initial),
    entryGzipKib: sum(entry, gzip) / KIB,
    initialGzipKib: sum(initial, gzip) / KIB,
    initialKib: sum(initial, bytes) / KIB,
    lazy,
    routeFiles: (src) => strip([...routeFiles(src)].filter((file) => !initial.has(file))),
    routeGzipKib: (src) => sum(routeFiles(src), gzip) / KIB,
  };
}

/**
 * Records (in the page) when the first row of the Pagos grid is in the DOM and visible (`__benchRowsAt`), and,
 * after a click on a link to a payment (`__benchClickAt`, the click event's time), when the detail's first section
 * (the summary card) is (`__benchDetailAt`).
 */
const ROW_WATCH = () => {
  const visible = (selector) => {
    const element = document.querySelector(selector);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const observer = new window.MutationObserver(() => {
    if (window.__benchRowsAt === undefined && visible('[role="grid"][aria-label="Pagos"] .MuiDataGrid-row')) {
      window.__benchRowsAt = window.performance.now();
    }
    // Any list's first row (WEB_PRELOADED_LISTS).
    if (window.__benchAnyRowsAt === undefined && visible('main [role="grid"] .MuiDataGrid-row')) {
      window.__benchAnyRowsAt = window.performance.now();
    }
    if (
      window.__benchClickAt !== undefined &&
      window.__benchDetailAt === undefined &&
      visible('[data-testid="payment-summary"]')
    ) {
      window.__benchDetailAt = window.performance.now();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof window.Element && event.target.closest('a[href^="/pago/"]')) {
        window.__benchClickAt = event.timeStamp;
      }
    },
    { capture: true },
  );
};

/** Opens `url` and signs in as `username` through the emulator's login page (`#username`, `#password`, `#kc-login`). */
export async function signIn(page, url, username = 'admin') {
  await page.goto(url);
  await page.locator('#username').waitFor({ state: 'visible', timeout: 90_000 });
  await page.fill('#username', username);
  await page.fill('#password', username);
  await page.click('#kc-login');
}

/** Headless Chromium as the bench runs it (CHROMIUM_PATH, else /usr/bin/chromium). */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * What a visit's trace records (BENCH_WEB_TRACE=<folder>: one file per repeat visit, for a look at where its time goes
 * on the main thread, with the build's source maps): the timeline and V8's samples.
 */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
];

/** A request's GraphQL operation name and variables (`?` and none for a body that is not JSON, e.g. a preflight). */
function operationOf(request) {
  try {
    const { operationName, variables } = JSON.parse(request.postData() ?? '{}');
    return { name: operationName ?? '?', variables };
  } catch {
    return { name: '?', variables: undefined };
  }
}

/** The first row's link to its payment on /pagos (the ID cell's anchor). */
const FIRST_ROW_LINK = '[role="grid"][aria-label="Pagos"] .MuiDataGrid-row a[href^="/pago/"]';

/**
 * One build of the web served against the stack: a browser context signed in once through the emulator's login
 * page, whose `visit()` measures one navigation to /pagos and `openDetail()` one click from there to /pago/:id.
 */
async function signedInSite({ browser, webUrl, gatewayUrl, log, label }) {
  const context = await browser.newContext({ locale: 'es-AR', viewport: { width: 1440, height: 900 } });
  await context.addInitScript(ROW_WATCH);
  const page = await context.newPage();
  // The variables each operation was first sent with (the peer's and the product's must ask the same).
  const asked = {};
  page.on('request', (request) => {
    if (!request.url().startsWith(gatewayUrl)) return;
    const { name, variables } = operationOf(request);
    if (name !== '?' && !(name in asked)) asked[name] = variables;
  });
  const rows = page.locator('[role="grid"][aria-label="Pagos"] .MuiDataGrid-row').first();
  const signInStarted = performance.now();
  await signIn(page, `${webUrl}/pagos`);
  await rows.waitFor({ state: 'visible', timeout: 90_000 });
  const firstWithLoginMs = performance.now() - signInStarted;
  log(
    `  web${label}: signed in, first /pagos with rows after ${firstWithLoginMs.toFixed(0)} ms (login included)`,
  );

  const cdp = await context.newCDPSession(page);
  /** One navigation to /pagos, measured; with `traceFile`, a Chromium trace of it (BENCH_WEB_TRACE). */
  const visit = async (traceFile) => {
    const js = { count: 0, bytes: 0 };
    const graphql = [];
    const onResponse = async (response) => {
      const url = response.url();
      if (url.endsWith('.js') && url.startsWith(webUrl)) {
        js.count += 1;
        js.bytes += Number(response.headers()['content-length'] ?? 0);
      }
    };
    const searches = [];
    const onRequest = (request) => {
      if (request.url().startsWith(gatewayUrl)) {
        const operation = operationOf(request).name;
        graphql.push(operation);
        if (operation === 'PaymentsSearch') searches.push(request);
      }
    };
    page.on('response', onResponse);
    page.on('request', onRequest);
    if (traceFile) await browser.startTracing(page, { path: traceFile, categories: TRACE_CATEGORIES });
    await page.goto(`${webUrl}/pagos`, { waitUntil: 'commit' });
    await rows.waitFor({ state: 'visible', timeout: 90_000 });
    await page.waitForFunction(() => window.__benchRowsAt !== undefined, undefined, { timeout: 30_000 });
    if (traceFile) await browser.stopTracing();
    const ms = await page.evaluate(() => window.__benchRowsAt);
    // Where the time goes: when the screen's chunk was asked for, and when the list query (PaymentsSearch,
    // found by its operation name: a route preload sends it before the screen's other queries) left and landed.
    // The JS that came over the network (0 for a chunk served from the HTTP cache).
    const { screenChunkAt, timeOrigin, jsTransferKib } = await page.evaluate(() => {
      const resources = window.performance.getEntriesByType('resource');
      const chunk = resources.find((e) => /\/assets\/payments-search-screen-/.test(e.name));
      const scripts = resources.filter((e) => /\.js(?:\?|$)/.test(e.name));
      return {
        screenChunkAt: chunk ? chunk.startTime : null,
        timeOrigin: window.performance.timeOrigin,
        jsTransferKib: scripts.reduce((total, e) => total + e.transferSize, 0) / 1024,
      };
    });
    const search = searches[0]?.timing();
    const phases = {
      screenChunkAt,
      listQueryStart: search ? search.startTime - timeOrigin : null,
      listQueryEnd:
        search && search.responseEnd >= 0 ? search.startTime - timeOrigin + search.responseEnd : null,
      listQueryRequests: searches.length,
    };
    page.off('response', onResponse);
    page.off('request', onRequest);
    return {
      ms,
      ...phases,
      jsRequests: js.count,
      jsTransferKib,
      graphqlOperations: graphql.filter((op) => op !== '?'),
    };
  };
  /**
   * A repeat visit to `route` (one of WEB_PRELOADED_LISTS): opened once so that its chunks are in the HTTP cache, then
   * again, measured from navigation start to its first row on screen.
   */
  const visitList = async (route) => {
    const open = async () => {
      await page.goto(`${webUrl}${route}`, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__benchAnyRowsAt !== undefined, undefined, { timeout: 90_000 });
      return page.evaluate(() => window.__benchAnyRowsAt);
    };
    await open();
    return open();
  };
  /**
   * From a click on the first row's link of the list on screen to the detail's summary card on screen; traced into
   * `traceFile` when given.
   */
  const openDetail = async (traceFile) => {
    if (traceFile) await browser.startTracing(page, { path: traceFile, categories: TRACE_CATEGORIES });
    await page.locator(FIRST_ROW_LINK).first().click();
    await page.waitForFunction(() => window.__benchDetailAt !== undefined, undefined, { timeout: 90_000 });
    if (traceFile) await browser.stopTracing();
    return page.evaluate(() => window.__benchDetailAt - window.__benchClickAt);
  };
  return {
    firstWithLoginMs,
    asked,
    visit,
    visitList,
    openDetail,
    clearCache: () => cdp.send('Network.clearBrowserCache'),
  };
}

/**
 * Starts the whole stack (scripts/stack.mjs), signs in once through the emulator's login page, then opens /pagos
 * `runs` times as a first visit and `runs` times as a repeat visit, alternated, each time measuring from navigation
 * start to the first data row on screen. A first visit (`cold`) starts with the browser's HTTP cache cleared
 * (`Network.clearBrowserCache`: no chunk cached, the signed-in session kept, as after a release); the repeat visit
 * (`warm`) right after it finds every chunk in the cache (immutable hashed assets).
 *
 * Then a click on the first row opens its payment (that first detail brings its chunk into the HTTP
 * cache), and, after one more repeat visit to /pagos, a second click is measured (`detail`: click to summary card
 * on screen, every chunk in the HTTP cache). Last, a repeat visit to each of WEB_PRELOADED_LISTS (`lists`, by route).
 *
 * `baselineDist`: another build's apps/web/dist (BENCH_BASELINE_DIST), served by a second web server against the
 * same gateway, stubs and emulator and measured the same way in its own browser context, each run alternating
 * between the two builds (`baseline` in the result).
 *
 * `peer` (on unless false): the peer page (bench/lib/web-peer/, a hand-written Buscar Pagos and payment detail on
 * the same libraries) built with Vite into a temporary folder, served by the product's web server on an origin of
 * its own and measured the same way, first visit, repeat visit and detail, alternately with the product (`peer` in
 * the result; it has no other lists). After the first run both must have asked the gateway the same list and detail
 * (operation and variables), or the figures would compare two different questions.
 */
export async function measureListVisible({ latencyMs, runs = 5, log = () => {}, baselineDist, peer = true }) {
  const { freePort, startStack } = await import('../../scripts/stack.mjs');
  let peerDist;
  let stack;
  let browser;
  const webServers = [];
  try {
    if (peer) {
      const { buildWebPeer } = await import('./web-peer/build.mjs');
      peerDist = mkdtempSync(join(tmpdir(), 'bench-web-peer-'));
      const buildStarted = performance.now();
      await buildWebPeer(peerDist);
      log(`  web (peer): built in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`);
    }
    // The builds this process serves itself besides the stack's: each on a port of its own, known to the stack.
    const served = [
      ...(baselineDist ? [{ key: 'baseline', distDir: baselineDist, label: ' (baseline)', trace: '1' }] : []),
      ...(peer ? [{ key: 'peer', distDir: peerDist, label: ' (peer)', trace: 'peer' }] : []),
    ];
    for (const build of served) build.origin = `http://127.0.0.1:${await freePort('127.0.0.1')}`;
    stack = await startStack({
      keyFile: null,
      stubLatencyMs: latencyMs,
      gatewayLogLevel: 'warn',
      ...(served.length ? { otherWebOrigins: served.map((build) => build.origin) } : {}),
    });
    if (served.length) {
      const { startWeb } = await import('@backoffice/web/server');
      for (const build of served) {
        webServers.push(
          await startWeb({
            port: Number(new URL(build.origin).port),
            host: '127.0.0.1',
            gatewayUrl: stack.urls.gateway,
            keycloakUrl: stack.urls.keycloak,
            distDir: build.distDir,
          }),
        );
      }
    }
    // A web server compresses its assets in the background once started (about 2 s of CPU at brotli 10, in this
    // process): the pages are measured once that is over, as an operator's are served by a server long started.
    await Promise.all([stack.web, ...webServers].map((web) => web?.assetsCompressed));
    browser = await launchChromium();
    const gatewayUrl = stack.urls.gateway;
    const builds = [{ key: 'product', origin: stack.urls.web, label: '', trace: '0' }, ...served];
    const sites = [];
    for (const build of builds) {
      sites.push(await signedInSite({ browser, webUrl: build.origin, gatewayUrl, log, label: build.label }));
    }
    const measured = sites.map((site) => ({
      cold: [],
      warm: [],
      detail: [],
      firstDetail: [],
      firstWithLoginMs: site.firstWithLoginMs,
      lists: Object.fromEntries(WEB_PRELOADED_LISTS.map(({ route }) => [route, []])),
    }));
    for (let i = 0; i < runs; i++) {
      // The builds in order on even runs, in the reverse order on odd ones: none always runs on the heels of another.
      const order = i % 2 === 0 ? sites.map((_, n) => n) : sites.map((_, n) => n).reverse();
      for (const n of order) {
        const site = sites[n];
        const into = measured[n];
        await site.clearCache();
        into.cold.push(await site.visit());
        const traceDir = process.env.BENCH_WEB_TRACE;
        if (traceDir) mkdirSync(traceDir, { recursive: true });
        into.warm.push(
          await site.visit(
            traceDir ? join(traceDir, `warm-${builds[n].trace}-${i + 1}.trace.json`) : undefined,
          ),
        );
        into.firstDetail.push(await site.openDetail());
        await site.visit();
        into.detail.push(
          await site.openDetail(
            traceDir ? join(traceDir, `detail-${builds[n].trace}-${i + 1}.trace.json`) : undefined,
          ),
        );
        // The peer has Buscar Pagos and the payment only.
        if (builds[n].key === 'peer') continue;
        for (const { route } of WEB_PRELOADED_LISTS) into.lists[route].push(await site.visitList(route));
      }
      if (i === 0 && peer) sameQuestions(sites[0].asked, sites.at(-1).asked);
    }
    const result = { ...measured[0] };
    builds.slice(1).forEach((build, n) => {
      result[build.key] = measured[n + 1];
    });
    if (result.peer) delete result.peer.lists;
    return result;
  } finally {
    await browser?.close().catch(() => {});
    for (const web of webServers) await web.close();
    await stack?.close();
    if (peerDist) rmSync(peerDist, { recursive: true, force: true });
  }
}

/** The operations the peer stands in for: the list's first page and the payment detail. */
const PEER_OPERATIONS = ['PaymentsSearch', 'PaymentDetail'];

/** Throws unless the peer sent each of PEER_OPERATIONS with the same variables as the product (`asked` of each site). */
export function sameQuestions(product, peer) {
  for (const name of PEER_OPERATIONS) {
    if (!(name in product) || !isDeepStrictEqual(product[name], peer[name])) {
      throw new Error(
        `bench: the web peer asked ${name} ${JSON.stringify(peer[name])}, the product ${JSON.stringify(product[name])}`,
      );
    }
  }
}
